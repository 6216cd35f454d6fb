import { useState } from 'react';
import { Checkbox, RadioGroup } from './Choices.tsx';
import { InteractiveButton } from './InteractiveButton.tsx';
import { OtpField } from './OtpField.tsx';
import { SearchableDropdown } from './SearchableDropdown.tsx';
import { StarRating } from './StarRating.tsx';
import { TextArea, TextField, type TextFieldProps } from './TextField.tsx';
import { useValidatedField, validatedProps } from './use-validated-field.ts';
import type { ButtonStatus, InputStatus } from './status.ts';
import type { Choice } from './choices.ts';

const STATUSES: Array<{ status: InputStatus; name: string }> = [
  { status: 1, name: 'ready' },
  { status: 2, name: 'validating' },
  { status: 3, name: 'success' },
  { status: 4, name: 'error' },
];

const DEMO_BREEDS: Choice[] = [
  { _id: 'cockapoo', name: 'Cockapoo', image_url_s3: null },
  { _id: 'poodle', name: 'Poodle', image_url_s3: null },
  { _id: 'shih-tzu', name: 'Shih Tzu', image_url_s3: null },
  { _id: 'border-terrier', name: 'Border Terrier', image_url_s3: null },
  { _id: 'none-other', name: 'None/Other', image_url_s3: null },
];

const noop = () => undefined;

/** A text block of the gallery: its props but the status, and the value it shows once filled in. */
type TextExample = Omit<TextFieldProps, 'id' | 'value' | 'onChange' | 'status' | 'successText'> & {
  name: string;
  filled: string;
  /** The success text at status 3, when it is not the default. */
  done?: string;
};

const TEXT_EXAMPLES: TextExample[] = [
  { name: 'text', label: 'Text', filled: 'Bella', message: 'Enter at least 2 letters.', maxLength: 40 },
  {
    name: 'number',
    label: 'Number',
    type: 'number',
    filled: '9.5',
    message: 'Enter a weight between 0.5 and 100 kg.',
    min: 0.5,
    max: 100,
    suffix: 'kg',
  },
  {
    name: 'tel',
    label: 'Tel',
    type: 'tel',
    filled: '07700 900123',
    done: '+447700900123',
    message: 'Enter a UK mobile number, e.g. 07700 900123.',
    autoComplete: 'tel',
  },
  {
    name: 'date',
    label: 'Date',
    type: 'date',
    filled: '2026-12-01',
    message: 'Choose a date from today on.',
    min: '2026-01-01',
    max: '2027-12-31',
  },
  {
    name: 'time',
    label: 'Time',
    type: 'time',
    filled: '10:30',
    message: 'Choose a time between 09:00 and 18:00.',
    min: '09:00',
    max: '18:00',
  },
];

/** One text example in one status: empty while 'ready', filled in otherwise. */
function textExample({ name, filled, done, ...example }: TextExample, status: InputStatus) {
  return (
    <TextField
      key={name}
      {...example}
      id={`${name}-${status}`}
      value={status === 1 ? '' : filled}
      onChange={noop}
      status={status}
      successText={status === 3 ? done : undefined}
    />
  );
}

/** /dev/input_test: every block of contract §5 in every status of §4, plus live examples to try. */
export default function InputGallery() {
  const [events, setEvents] = useState<string[]>([]);
  const log = (line: string) => setEvents((all) => [line, ...all].slice(0, 5));
  const [name, setName] = useState('');
  const nameField = useValidatedField(name, (v) =>
    v.trim().length >= 2 ? { ok: true, text: 'Lovely name' } : { ok: false, message: 'Enter at least 2 letters.' },
  );
  const [breed, setBreed] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [stars, setStars] = useState(3);
  const [starsHalf, setStarsHalf] = useState(2.5);

  return (
    <div className="gallery">
      <section aria-labelledby="live-h">
        <h2 id="live-h">Try them</h2>
        <TextField
          id="live-text"
          label="Your dog's name"
          value={name}
          onChange={setName}
          {...validatedProps(nameField)}
          onEnter={() => log(`Enter emitted with "${name}"`)}
          maxLength={40}
        />
        <SearchableDropdown
          id="live-breed"
          label="Breed"
          items={DEMO_BREEDS}
          value={breed}
          onChange={(id) => setBreed(id)}
          status={breed ? 3 : 1}
          placeholder="Start typing, e.g. poodle"
        />
        <OtpField
          id="live-otp"
          label="One-time code"
          value={code}
          onChange={setCode}
          status={code.length === 6 ? 3 : 1}
          maxLength={6}
          onEnter={() => log(`Code entered: ${code}`)}
        />
        <StarRating
          id="live-stars"
          label="Rating (increment 1)"
          value={stars}
          onChange={setStars}
          status={3}
          successText={`${stars} stars`}
        />
        <StarRating
          id="live-stars-half"
          label="Rating (increment 0.5)"
          value={starsHalf}
          onChange={setStarsHalf}
          increment={0.5}
          status={3}
          successText={`${starsHalf} stars`}
        />
        <p aria-live="polite" className="gallery-log">
          {events[0] ?? 'Press Enter in a field to see its event.'}
        </p>
      </section>

      {STATUSES.map(({ status, name: statusName }) => (
        <section key={status} aria-labelledby={`s${status}-h`} data-testid={`status-${status}`}>
          <h2 id={`s${status}-h`}>
            Status {status}: {statusName}
          </h2>
          <div className="gallery-grid">
            {TEXT_EXAMPLES.slice(0, 2).map((example) => textExample(example, status))}
            <OtpField
              id={`otp-${status}`}
              label="OTP"
              value={status === 1 ? '' : '1234'}
              onChange={noop}
              status={status}
              message="That code is not right."
              maxLength={4}
            />
            {TEXT_EXAMPLES.slice(2).map((example) => textExample(example, status))}
            <SearchableDropdown
              id={`dropdown-${status}`}
              label="Searchable dropdown"
              items={DEMO_BREEDS}
              value={status === 3 ? 'poodle' : null}
              onChange={noop}
              status={status}
              message="Choose a breed, or None/Other."
              placeholder="Search breeds"
            />
            <Checkbox
              id={`checkbox-${status}`}
              label="Checkbox"
              checked={status === 3}
              onChange={noop}
              status={status}
              message="Please tick to agree."
            >
              I agree
            </Checkbox>
            <RadioGroup
              id={`radio-${status}`}
              label="Radio"
              variant="chips"
              value={status === 3 ? 'medium' : null}
              onChange={noop}
              status={status}
              message="Choose one."
              options={[
                { value: 'short', label: 'Short' },
                { value: 'medium', label: 'Medium' },
                { value: 'long', label: 'Long' },
              ]}
            />
            <TextArea
              id={`textarea-${status}`}
              label="Textarea"
              value={status === 1 ? '' : 'Nervous of the dryer.'}
              onChange={noop}
              status={status}
              message="At most 500 characters."
              maxLength={500}
            />
            <StarRating
              id={`stars-${status}`}
              label="Star rating"
              value={status === 1 ? 0 : 4}
              onChange={noop}
              status={status}
              message="Choose a rating."
            />
          </div>
        </section>
      ))}

      <section aria-labelledby="buttons-h">
        <h2 id="buttons-h">Interactive button statuses</h2>
        <div className="gallery-buttons">
          {([0, 1, 2, 3, 4] as ButtonStatus[]).map((status) => (
            <InteractiveButton
              key={status}
              status={status}
              data-testid={`button-${status}`}
              statusText={['', 'Booking…', 'Check your answers', 'Something went wrong', 'Booked'][status]}
              onClick={() => log(`Button ${status} pressed`)}
            >
              Button status {status}
            </InteractiveButton>
          ))}
        </div>
      </section>
    </div>
  );
}
