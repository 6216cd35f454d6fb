import { useRef, type PointerEvent } from 'react';
import { MAX_SIGNATURE_CHARS, SIGNATURE_BOX } from '../../../domain/signature-box.ts';

const { width: W, height: H } = SIGNATURE_BOX;

/**
 * The owner signs with a finger, a pen or the mouse (decision 093): pointer events on a canvas, the
 * strokes kept as whole-number path data in the 600 × 200 box the server checks. An alternative to
 * typing a name, never the only way: the name field beside it agrees as well, by keyboard or reader.
 */
export default function SignaturePad({ id, onChange }: { id: string; onChange: (path: string | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const path = useRef('');
  const last = useRef<[number, number] | null>(null);
  const drawing = useRef(false);

  const pointAt = (e: PointerEvent<HTMLCanvasElement>): [number, number] => {
    const r = e.currentTarget.getBoundingClientRect();
    const clamp = (v: number, max: number) => Math.min(max, Math.max(0, Math.round(v)));
    return [clamp(((e.clientX - r.left) * W) / r.width, W), clamp(((e.clientY - r.top) * H) / r.height, H)];
  };
  const add = (cmd: 'M' | 'L', [x, y]: [number, number]) => {
    const part = `${cmd}${x} ${y}`;
    // A signature past the bound stops growing rather than being refused at "Check in".
    if (path.current.length + part.length + 8 > MAX_SIGNATURE_CHARS) return false;
    path.current += part;
    last.current = [x, y];
    return true;
  };

  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    const p = pointAt(e);
    drawing.current = add('M', p);
    const ctx = canvas.current?.getContext('2d');
    ctx?.beginPath();
    ctx?.moveTo(p[0], p[1]);
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const p = pointAt(e);
    if (last.current && p[0] === last.current[0] && p[1] === last.current[1]) return;
    if (!add('L', p)) return;
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.lineWidth = 4;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#1d2430';
    ctx.lineTo(p[0], p[1]);
    ctx.stroke();
  };
  const up = () => {
    if (!drawing.current) return;
    drawing.current = false;
    // A tap leaves a dot: a line to where it began keeps every stroke a move and a line.
    if (/M\d+ \d+$/.test(path.current) && last.current) add('L', last.current);
    onChange(path.current || null);
  };
  const clear = () => {
    path.current = '';
    last.current = null;
    canvas.current?.getContext('2d')?.clearRect(0, 0, W, H);
    onChange(null);
  };

  return (
    <div className="checkin-sign">
      <p id={`${id}-label`} className="checkin-sign__label">
        Or the owner signs here
      </p>
      <canvas
        ref={canvas}
        className="checkin-sign__pad"
        width={W}
        height={H}
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <p id={`${id}-hint`} className="mgmt-meta">
        With a finger, a pen or the mouse. Typing the name above agrees too.
      </p>
      <button type="button" className="sched-button sched-button--ghost" onClick={clear}>
        Clear
      </button>
    </div>
  );
}
