//! The keys in the bytes a terminal sends, read by kado itself rather than by crossterm:
//! crossterm's reader left the rest of a paste unread until another key came, and took
//! a stray `ESC [200~` or `ESC [?` as the start of a sequence that swallowed every key
//! after it, Ctrl-C included.
//!
//! The decoder is a plain function over bytes: what a whole paste holds is decoded in one
//! pass; a sequence kado does not know (any CSI, SS3, OSC or DCS string) is dropped whole
//! and the keys after it are kept; bracketed-paste markers are dropped and the text
//! between them is typed; a sequence cut at the end of what was read waits for the next
//! read, and is dropped if nothing more comes.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The longest escape sequence kept waiting for its end; longer ones are dropped.
const LONGEST_SEQUENCE: usize = 256;

/// Decodes keys from the bytes a terminal sent, a read at a time.
#[derive(Debug, Default)]
pub struct Decoder {
    /// The start of a sequence or a character cut at the end of the last read.
    pending: Vec<u8>,
}

/// What the start of `bytes` decodes to.
enum Step {
    /// A key, and how many bytes it took.
    Key(KeyEvent, usize),
    /// Nothing to type (a sequence dropped, an invalid byte), and how many bytes.
    Skip(usize),
    /// The bytes end inside a sequence or a character: more are needed.
    Incomplete,
}

impl Decoder {
    /// The keys in `bytes`, after what was pending. A sequence cut at the end waits.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<KeyEvent> {
        self.pending.extend_from_slice(bytes);
        let mut keys = Vec::new();
        let mut at = 0;
        while at < self.pending.len() {
            match step(&self.pending[at..]) {
                Step::Key(k, n) => {
                    keys.push(k);
                    at += n;
                }
                Step::Skip(n) => at += n,
                // A sequence too long to be one kado knows: dropped as far as it came.
                Step::Incomplete if self.pending.len() - at > LONGEST_SEQUENCE => {
                    at = self.pending.len();
                }
                Step::Incomplete => break,
            }
        }
        self.pending.drain(..at);
        keys
    }

    /// Nothing more came: what was pending (a lone Esc, or a sequence or a character cut
    /// short) is dropped. It is one unit: every whole key before it was decoded.
    pub fn idle(&mut self) {
        self.pending.clear();
    }
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
    KeyEvent::new(code, modifiers)
}

/// The first key (or skip) in `b`, which is not empty.
fn step(b: &[u8]) -> Step {
    let plain = KeyModifiers::NONE;
    match b[0] {
        0x1b => escape(b),
        b'\r' | b'\n' => Step::Key(key(KeyCode::Enter, plain), 1),
        b'\t' => Step::Key(key(KeyCode::Tab, plain), 1),
        0x7f | 0x08 => Step::Key(key(KeyCode::Backspace, plain), 1),
        c @ 0x01..=0x1a => {
            let letter = char::from(b'a' + c - 1);
            Step::Key(key(KeyCode::Char(letter), KeyModifiers::CONTROL), 1)
        }
        0x00 | 0x1c..=0x1f => Step::Skip(1),
        _ => character(b),
    }
}

/// A UTF-8 character typed; an invalid byte is skipped.
fn character(b: &[u8]) -> Step {
    let len = match b[0] {
        0x00..=0x7f => 1,
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return Step::Skip(1),
    };
    if b.len() < len {
        return match std::str::from_utf8(b) {
            Err(e) if e.error_len().is_none() => Step::Incomplete,
            _ => Step::Skip(1),
        };
    }
    match std::str::from_utf8(&b[..len])
        .ok()
        .and_then(|s| s.chars().next())
    {
        Some(c) if !c.is_control() => Step::Key(key(KeyCode::Char(c), KeyModifiers::NONE), len),
        Some(_) => Step::Skip(len),
        None => Step::Skip(1),
    }
}

/// What starts with Esc: a sequence, Alt with a key, or Esc itself followed by another.
fn escape(b: &[u8]) -> Step {
    let Some(&next) = b.get(1) else {
        return Step::Incomplete;
    };
    match next {
        b'[' => csi(b),
        b'O' => match b.get(2) {
            None => Step::Incomplete,
            Some(0x00..=0x1f) => Step::Skip(2),
            Some(&f) => match final_key(f, KeyModifiers::NONE) {
                k if k.code == KeyCode::Null => Step::Skip(3),
                k => Step::Key(k, 3),
            },
        },
        b']' | b'P' | b'_' | b'^' | b'X' => string(b),
        0x1b => Step::Skip(1),
        0x20..=0x7e => Step::Key(key(KeyCode::Char(char::from(next)), KeyModifiers::ALT), 2),
        // Esc then a control key: the Esc is dropped, the key kept.
        _ => Step::Skip(1),
    }
}

/// `ESC [ params intermediates final`: the keys kado knows, every other one dropped whole.
fn csi(b: &[u8]) -> Step {
    let mut i = 2;
    while let Some(&c) = b.get(i) {
        match c {
            0x20..=0x3f => i += 1,
            0x40..=0x7e => {
                let params = &b[2..i];
                let k = csi_key(params, c);
                return match k.code {
                    KeyCode::Null => Step::Skip(i + 1),
                    _ => Step::Key(k, i + 1),
                };
            }
            // Not a sequence after all: the Esc and `[` are dropped, the rest kept.
            _ => return Step::Skip(2),
        }
    }
    Step::Incomplete
}

/// The key a CSI sequence stands for (`KeyCode::Null`: none kado uses).
fn csi_key(params: &[u8], last: u8) -> KeyEvent {
    let text = std::str::from_utf8(params).unwrap_or("");
    let mut parts = text.split(';');
    let first = parts.next().unwrap_or("");
    let modifiers = match parts.next().and_then(|m| m.parse::<u8>().ok()) {
        Some(m) => modifier_bits(m),
        None => KeyModifiers::NONE,
    };
    if last == b'~' {
        let code = match first {
            "1" | "7" => KeyCode::Home,
            "4" | "8" => KeyCode::End,
            "3" => KeyCode::Delete,
            "5" => KeyCode::PageUp,
            "6" => KeyCode::PageDown,
            _ => KeyCode::Null,
        };
        return key(code, modifiers);
    }
    if !first.is_empty() && first != "1" {
        return key(KeyCode::Null, modifiers);
    }
    final_key(last, modifiers)
}

/// The xterm modifier parameter (1 + shift 1, alt 2, ctrl 4).
fn modifier_bits(m: u8) -> KeyModifiers {
    let bits = m.saturating_sub(1);
    let mut out = KeyModifiers::NONE;
    if bits & 1 != 0 {
        out |= KeyModifiers::SHIFT;
    }
    if bits & 2 != 0 {
        out |= KeyModifiers::ALT;
    }
    if bits & 4 != 0 {
        out |= KeyModifiers::CONTROL;
    }
    out
}

/// The key of an arrow-like final byte (`A` up … `F` end); `KeyCode::Null` for others.
fn final_key(last: u8, modifiers: KeyModifiers) -> KeyEvent {
    let code = match last {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        _ => KeyCode::Null,
    };
    key(code, modifiers)
}

/// An OSC, DCS, APC, PM or SOS string: dropped whole, to BEL or `ESC \`.
fn string(b: &[u8]) -> Step {
    let mut i = 2;
    while let Some(&c) = b.get(i) {
        match c {
            0x07 => return Step::Skip(i + 1),
            // Ctrl-C, CAN and SUB end it unfinished, and are read as keys.
            0x03 | 0x18 | 0x1a => return Step::Skip(i),
            0x1b if b.get(i + 1) == Some(&b'\\') => return Step::Skip(i + 2),
            0x1b if b.get(i + 1).is_none() => return Step::Incomplete,
            // Another Esc: the string was never ended; it is dropped up to there.
            0x1b => return Step::Skip(i),
            _ => i += 1,
        }
    }
    Step::Incomplete
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn typed(keys: &[KeyEvent]) -> String {
        keys.iter()
            .map(|k| match k.code {
                KeyCode::Char(c) if k.modifiers.contains(KeyModifiers::CONTROL) => {
                    format!("^{c}")
                }
                KeyCode::Char(c) if k.modifiers.contains(KeyModifiers::ALT) => format!("M-{c}"),
                KeyCode::Char(c) => c.to_string(),
                KeyCode::Enter => "⏎".into(),
                other => format!("<{other:?}>"),
            })
            .collect()
    }

    fn decode(bytes: &[u8]) -> String {
        let mut d = Decoder::default();
        let keys = d.feed(bytes);
        d.idle();
        typed(&keys)
    }

    #[test]
    fn keys_and_editing_sequences() {
        assert_eq!(decode(b"hint\r"), "hint⏎");
        assert_eq!(decode(b"\x03\x04\x15\x17\x01\x05"), "^c^d^u^w^a^e");
        assert_eq!(decode(b"\x1bb\x1bf"), "M-bM-f");
        assert_eq!(
            decode(b"\x1b[A\x1b[B\x1b[C\x1b[D\x1b[H\x1b[F\x1bOH"),
            "<Up><Down><Right><Left><Home><End><Home>"
        );
        assert_eq!(
            decode(b"\x1b[3~\x1b[5~\x1b[6~\x1b[1;3A"),
            "<Delete><PageUp><PageDown><Up>"
        );
        assert_eq!(decode("3♥ é\r".as_bytes()), "3♥ é⏎");
        assert_eq!(decode(b"\t\x7f"), "<Tab><Backspace>");
    }

    /// After `ESC [200~` nothing was read until `ESC [201~`: the markers are dropped and
    /// the text between them typed, whether or not the end marker ever comes.
    #[test]
    fn a_bracketed_paste_marker_swallowed_every_key_after_it() {
        assert_eq!(decode(b"\x1b[200~2D 2S\x1b[201~\r"), "2D 2S⏎");
        assert_eq!(decode(b"\x1b[200~hint\r\x03"), "hint⏎^c");
    }

    /// After `ESC [?` nothing was read until a `u` or a `c`: an unknown sequence ends at
    /// its final byte, and a string (OSC) at BEL or ST; the keys after it are kept.
    #[test]
    fn an_unknown_escape_sequence_swallowed_the_keys_after_it() {
        assert_eq!(decode(b"\x1b[?1;2c1\r"), "1⏎");
        assert_eq!(decode(b"\x1b[?1049h\x03"), "^c");
        assert_eq!(decode(b"\x1b]0;PWNED\x07ok\r"), "ok⏎");
        assert_eq!(decode(b"\x1b]0;PWNED\x1b\\ok\r"), "ok⏎");
        assert_eq!(decode(b"\x1b[12;99Zx"), "x");
        // A lone Esc, or one before a control key, types nothing and keeps what follows.
        assert_eq!(decode(b"\x1b"), "");
        assert_eq!(decode(b"\x1b\x03"), "^c");
    }

    /// A sequence or a character cut between two reads is decoded once it is whole.
    #[test]
    fn a_sequence_cut_between_reads_waits_for_its_end() {
        let mut d = Decoder::default();
        let mut keys = d.feed(b"ab\x1b[");
        keys.extend(d.feed(b"Dc"));
        let heart = "♥".as_bytes();
        keys.extend(d.feed(&heart[..1]));
        keys.extend(d.feed(&heart[1..]));
        assert_eq!(typed(&keys), "ab<Left>c♥");
        // Nothing more comes after a cut sequence: it is dropped at the pause.
        let mut d = Decoder::default();
        assert!(d.feed(b"\x1b[12").is_empty());
        d.idle();
        assert_eq!(typed(&d.feed(b"x")), "x");
    }

    /// A paste of 100 KB is decoded in one pass, every character of it.
    #[test]
    fn a_long_paste_is_decoded_in_one_pass() {
        let paste = "2D ".repeat(34_000);
        let mut d = Decoder::default();
        let keys = d.feed(paste.as_bytes());
        assert_eq!(keys.len(), paste.len());
    }

    proptest! {
        /// Whatever bytes come, in whatever pieces: no panic, the pending bytes stay
        /// bounded, and a Ctrl-C right after them is read at once, as the last key.
        #[test]
        fn any_bytes_then_ctrl_c_is_read(
            bytes in proptest::collection::vec(any::<u8>(), 0..600),
            cut in 0usize..600,
        ) {
            let cut = cut.min(bytes.len());
            let mut d = Decoder::default();
            let mut keys = d.feed(&bytes[..cut]);
            prop_assert!(d.pending.len() <= LONGEST_SEQUENCE + 1);
            keys.extend(d.feed(&bytes[cut..]));
            keys.extend(d.feed(b"\x03"));
            let ctrl_c = key(KeyCode::Char('c'), KeyModifiers::CONTROL);
            prop_assert_eq!(keys.last(), Some(&ctrl_c));
            prop_assert!(d.pending.is_empty());
        }
    }
}
