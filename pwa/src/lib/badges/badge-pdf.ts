import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { encode } from 'uqr';
import { type FontFiles, fetchFontFile, PdfText, type Weight } from '../pdf-text';

/** Who a badge is for: what the person shows at the venue, and what the door scans. */
export interface BadgePerson {
  name: string;
  organisation?: string;
  /** "Visitor", "Guest", "Speaker", "VIP awardee", … printed as the badge's band. */
  type: string;
  passCode: string;
}

export interface BadgeEvent {
  name: string;
  /** "12th - 13th Dec, 2026", as the site shows it. */
  dates?: string;
  venue?: string;
}

/** A6 cards, one per page; or A4 sheets of eight 105 × 74 mm labels (two across, four down). */
export type BadgeLayout = 'a6' | 'a4-labels';

const MM = 72 / 25.4;
const A6 = { width: 105 * MM, height: 148 * MM };
const A4 = { width: 210 * MM, height: 297 * MM };
const LABEL = { width: 105 * MM, height: 74.25 * MM, across: 2, down: 4 };
const INK = rgb(0.06, 0.09, 0.16);
const BAND = rgb(0.71, 0.33, 0.04);
const MUTED = rgb(0.28, 0.33, 0.41);
const BOLD: Weight = 700;
const REGULAR: Weight = 400;

/** The pass code's QR code as vector squares (sharp on any printer), its quiet zone white. */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const { data } = encode(text, { ecc: 'M', border: 0 });
  const n = data.length;
  const module = size / (n + 8); // four modules of quiet zone on each side
  const left = x + 4 * module;
  const top = y + size - 4 * module;
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  data.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) page.drawRectangle({ x: left + c * module, y: top - (r + 1) * module, width: module, height: module, color: rgb(0, 0, 0) });
    }),
  );
}

/** One badge in the box (x, y, width, height): band with the event, name, organisation, type, QR, pass code. */
function drawBadge(
  page: PDFPage,
  text: PdfText,
  person: BadgePerson,
  event: BadgeEvent,
  box: { x: number; y: number; width: number; height: number },
  layout: BadgeLayout,
) {
  const pad = 6 * MM;
  const inner = box.width - 2 * pad;
  const top = box.y + box.height;
  const line = (words: string, weight: Weight, y: number, max: number, min: number, color = INK, width = inner, x = box.x + pad) => {
    const fit = text.fit(words, weight, width, max, min);
    text.draw(page, fit.text, { x, y, size: fit.size, weight, color });
    return fit.size;
  };
  // The event's band across the top.
  const bandHeight = layout === 'a6' ? 16 * MM : 11 * MM;
  page.drawRectangle({ x: box.x, y: top - bandHeight, width: box.width, height: bandHeight, color: BAND });
  line(event.name, BOLD, top - bandHeight + bandHeight / 2 - 4, layout === 'a6' ? 13 : 11, 7, rgb(1, 1, 1));
  const details = [event.dates, event.venue].filter(Boolean).join(' · ');

  if (layout === 'a6') {
    let y = top - bandHeight - 6 * MM;
    if (details) {
      line(details, REGULAR, y - 8, 9, 6, MUTED);
      y -= 8 * MM;
    } else {
      y -= 4 * MM;
    }
    y -= line(person.name, BOLD, y - 18, 24, 11);
    if (person.organisation) line(person.organisation, REGULAR, y - 16, 13, 8, MUTED);
    const qr = 52 * MM;
    const qrX = box.x + (box.width - qr) / 2;
    const qrY = box.y + 18 * MM;
    drawQr(page, person.passCode, qrX, qrY, qr);
    const code = text.fit(person.passCode, BOLD, qr, 12, 8);
    text.draw(page, code.text, {
      x: box.x + (box.width - text.widthOf(code.text, BOLD, code.size)) / 2,
      y: qrY - 4 * MM,
      size: code.size,
      weight: BOLD,
      color: INK,
    });
    // The type as a band at the foot.
    page.drawRectangle({ x: box.x, y: box.y, width: box.width, height: 9 * MM, color: INK });
    line(person.type.toUpperCase(), BOLD, box.y + 3 * MM, 12, 8, rgb(1, 1, 1));
    return;
  }
  // A label: words on the left, the QR code (36 mm, plenty for a door scanner) on the right.
  const qr = 36 * MM;
  const textWidth = inner - qr - 3 * MM;
  let y = top - bandHeight - pad - 10;
  y -= line(person.name, BOLD, y, 16, 8, INK, textWidth) + 4;
  if (person.organisation) y -= line(person.organisation, REGULAR, y - 4, 11, 7, MUTED, textWidth) + 8;
  line(person.type.toUpperCase(), BOLD, y - 6, 10, 7, BAND, textWidth);
  line(person.passCode, BOLD, box.y + pad, 10, 7, INK, textWidth);
  if (details) line(details, REGULAR, box.y + pad + 14, 8, 6, MUTED, textWidth);
  drawQr(page, person.passCode, box.x + box.width - pad - qr + 2 * MM, box.y + (box.height - bandHeight - qr) / 2, qr);
}

/**
 * A PDF of badges for `people`, in the layout chosen; printed at 100 % it is true to size. Names and
 * organisations in Telugu, Devanagari or Latin are written in Noto fonts embedded as subsets (pdf-text.ts);
 * `fontFiles` is how their files are read (fetched from the build's assets unless told otherwise).
 */
export async function badgesPdf(people: BadgePerson[], event: BadgeEvent, layout: BadgeLayout, fontFiles: FontFiles = fetchFontFile): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(people.length === 1 ? `Badge: ${people[0]!.name}` : `Badges: ${event.name}`);
  pdf.setCreator('EventPro');
  const bold = [event.name, ...people.flatMap((person) => [person.name, person.type.toUpperCase(), person.passCode])];
  const regular = [event.dates, event.venue, ...people.map((person) => person.organisation)];
  const text = await PdfText.embed(
    pdf,
    [...bold.map((words) => ({ text: words, weight: BOLD })), ...regular.flatMap((words) => (words ? [{ text: words, weight: REGULAR }] : []))],
    fontFiles,
  );
  if (layout === 'a6') {
    for (const person of people) {
      const page = pdf.addPage([A6.width, A6.height]);
      drawBadge(page, text, person, event, { x: 0, y: 0, ...A6 }, layout);
    }
  } else {
    const perSheet = LABEL.across * LABEL.down;
    for (let start = 0; start < people.length; start += perSheet) {
      const page = pdf.addPage([A4.width, A4.height]);
      people.slice(start, start + perSheet).forEach((person, i) => {
        const column = i % LABEL.across;
        const row = Math.floor(i / LABEL.across);
        const box = { x: column * LABEL.width, y: A4.height - (row + 1) * LABEL.height, width: LABEL.width, height: LABEL.height };
        drawBadge(page, text, person, event, box, layout);
      });
    }
  }
  return pdf.save();
}
