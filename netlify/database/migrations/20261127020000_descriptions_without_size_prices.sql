-- Descriptions stop repeating the sizes' prices by hand (docs/decisions/080-sizes-and-extras.md): the
-- prices page now shows each size's price from service_sizes, so the first edition's sentences
-- "Small dogs from £45, medium from £55, large from £70." and "Small dogs from £30, medium from £38,
-- large from £48." would only go stale. Each goes only where the description is still exactly the
-- first edition's text (20261126010000): a description staff have edited stays as they wrote it.

UPDATE booking_types SET description = '<p>The works, for a dog that looks and feels brand new. A warm bath with organic shampoo and conditioner, a gentle blow-dry, a breed-appropriate haircut or a style you choose, nails clipped and filed, ears cleaned and a hygiene trim.</p><p>We confirm the price when we meet your dog, and never add anything without asking.</p>', updated_at = now()
WHERE id = 'full' AND description = '<p>The works, for a dog that looks and feels brand new. A warm bath with organic shampoo and conditioner, a gentle blow-dry, a breed-appropriate haircut or a style you choose, nails clipped and filed, ears cleaned and a hygiene trim.</p><p>Small dogs from £45, medium from £55, large from £70. We confirm the price when we meet your dog, and never add anything without asking.</p>';

UPDATE booking_types SET description = '<p>A bath with organic shampoo and conditioner, blow-dry and a thorough brush-out, with a nail check and ear clean. Ideal between full grooms and for short-coated dogs.</p>', updated_at = now()
WHERE id = 'shower' AND description = '<p>A bath with organic shampoo and conditioner, blow-dry and a thorough brush-out, with a nail check and ear clean. Ideal between full grooms and for short-coated dogs.</p><p>Small dogs from £30, medium from £38, large from £48.</p>';
