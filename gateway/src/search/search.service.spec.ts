import { attachmentDisposition } from './search.service.js';

describe('attachmentDisposition (RFC 6266 / RFC 8187)', () => {
  it('keeps Turkish letters in filename* and transliterates them in the ASCII fallback', () => {
    expect(attachmentDisposition('İğne ışık çöp şüphe.txt')).toBe(
      `attachment; filename="Igne isik cop suphe.txt"; filename*=UTF-8''%C4%B0%C4%9Fne%20%C4%B1%C5%9F%C4%B1k%20%C3%A7%C3%B6p%20%C5%9F%C3%BCphe.txt`,
    );
  });

  it('never lets quotes, backslashes or other scripts break the header', () => {
    const header = attachmentDisposition('a"b\\c (1) 日本.txt');
    expect(header).toBe(
      `attachment; filename="a_b_c (1) __.txt"; filename*=UTF-8''a%22b%5Cc%20%281%29%20%E6%97%A5%E6%9C%AC.txt`,
    );
    expect(header).toMatch(/^[\x20-\x7e]+$/);
  });
});
