// Offsets between the library and the page: hexv's spans count UTF-8 bytes, a textarea counts
// UTF-16 code units; and the source kept in the URL, as base64url of its UTF-8 bytes.
'use strict';
window.hexvText = {
  /** The UTF-16 index in `text` of the UTF-8 byte offset `byte` (clamped to the text). */
  indexOfByte(text, byte) {
    let bytes = 0;
    let i = 0;
    while (i < text.length && bytes < byte) {
      const cp = text.codePointAt(i);
      bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
      i += cp > 0xffff ? 2 : 1;
    }
    return i;
  },

  /** The text as base64url of its UTF-8 bytes, for the URL's fragment. */
  encode(text) {
    const utf8 = new TextEncoder().encode(text);
    let binary = '';
    for (let i = 0; i < utf8.length; i += 0x8000) {
      binary += String.fromCharCode.apply(null, utf8.subarray(i, i + 0x8000));
    }
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  },

  /** The text of `encode`, or null when `code` is not one. */
  decode(code) {
    try {
      const binary = atob(code.replace(/-/g, '+').replace(/_/g, '/'));
      const utf8 = Uint8Array.from(binary, (c) => c.charCodeAt(0));
      return new TextDecoder('utf-8', { fatal: true }).decode(utf8);
    } catch (_) {
      return null;
    }
  },
};
