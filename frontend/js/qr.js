// Reading the table's QR code from the camera: the browser's own
// BarcodeDetector where it reads QR codes (Chrome on Android, Safari on
// macOS), else jsQR (vendor/jsqr, a kept library), so Firefox, Safari on
// iOS and desktop Chromium on Linux scan too.

/** A function from a playing <video> to the texts of the QR codes in its
 * current picture. */
export async function qrReader() {
  if ('BarcodeDetector' in window && (await BarcodeDetector.getSupportedFormats()).includes('qr_code')) {
    const detector = new BarcodeDetector({formats: ['qr_code']});
    return async video => (await detector.detect(video)).map(code => code.rawValue);
  }
  await import('../vendor/jsqr/jsQR.js'); // its UMD build sets self.jsQR
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', {willReadFrequently: true});
  return async video => {
    if (!video.videoWidth) return [];
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const {data, width, height} = context.getImageData(0, 0, canvas.width, canvas.height);
    const code = self.jsQR(data, width, height, {inversionAttempts: 'dontInvert'});
    return code ? [code.data] : [];
  };
}
