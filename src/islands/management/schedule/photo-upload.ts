/** The longest side a counter photo is sent at: the server keeps 1280, so more is only slower to send. */
const SEND_SIDE = 1600;

const base64Of = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read.'));
    reader.readAsDataURL(blob);
  });

/**
 * A photo from the tablet's camera, made small enough to send quickly (a camera's 5–12 MB picture is
 * over what a function may be sent), as base64 with its type; the file as it is if the browser cannot
 * redraw it. The preview shows it as a data: address, which the staff pages' img-src allows (blob: it does not).
 */
export async function photoToSend(file: File): Promise<{ base64: string; type: string }> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, SEND_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    if (blob) return { base64: await base64Of(blob), type: 'image/jpeg' };
  } catch {
    // An old browser or a format it cannot draw: the server decides what the file is.
  }
  return { base64: await base64Of(file), type: file.type || 'application/octet-stream' };
}
