/**
 * How many SMS segments a text is billed as (3GPP TS 23.038): GSM-7 when every character is in its
 * alphabet (160 alone, 153 each when joined; the extension characters take two), else UCS-2 (70
 * alone, 67 each joined, counted in UTF-16 units). A text of many segments costs the shop each one
 * and may arrive in pieces, so the templates that could grow check themselves against it.
 */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '^{}\\[~]|€\f';

export function textSegments(text: string): number {
  let septets = 0;
  for (const char of text) {
    if (GSM7_BASIC.includes(char)) septets += 1;
    else if (GSM7_EXTENSION.includes(char)) septets += 2;
    else return ucs2Segments(text);
  }
  return septets <= 160 ? 1 : Math.ceil(septets / 153);
}

function ucs2Segments(text: string): number {
  return text.length <= 70 ? 1 : Math.ceil(text.length / 67);
}
