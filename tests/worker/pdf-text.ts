/**
 * The text of a PDF our invoice code draws (pdf-lib, standard fonts): each Flate stream inflated,
 * each `<hex> Tj` string decoded as WinAnsi, one line per string in drawing order. Enough to read
 * what an invoice says without a PDF library in the test.
 */
async function inflate(bytes: Uint8Array): Promise<Uint8Array | null> {
  try {
    const stream = new Blob([bytes as Uint8Array<ArrayBuffer>])
      .stream()
      .pipeThrough(new DecompressionStream('deflate'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch {
    return null;
  }
}

const winAnsi = new TextDecoder('windows-1252');

/** The lines of text drawn on the PDF's pages. */
export async function pdfText(pdf: Uint8Array): Promise<string[]> {
  // One character per byte, so string offsets are byte offsets.
  const raw = winAnsi.decode(pdf);
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    const content = await inflate(pdf.slice(start, end).slice(0, -1));
    if (!content) continue;
    for (const [, hex] of winAnsi.decode(content).matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      const bytes = Uint8Array.from(hex?.match(/../g) ?? [], (pair) => parseInt(pair, 16));
      lines.push(winAnsi.decode(bytes));
    }
  }
  return lines;
}
