//! The storage layer: kado's files on disk, beside the library. A save written
//! atomically and locked while a session uses it ([`savefile`]); the play history, an
//! SQLite file ([`history`]); I/O errors in kado's words ([`io_words`]). I/O is allowed
//! here and nowhere else in the library; rules are not: what a file holds is read and
//! checked by the library's own parsers.

pub mod history;
pub mod import;
pub mod savefile;

/// An I/O error in kado's words ("no space left on device"), without the system's error
/// number.
pub fn io_words(e: &std::io::Error) -> String {
    use std::io::ErrorKind as K;
    match e.kind() {
        K::StorageFull => "no space left on device".to_string(),
        K::QuotaExceeded => "the disk quota is used up".to_string(),
        K::FileTooLarge => "the file would be larger than this system allows".to_string(),
        K::ReadOnlyFilesystem => "the file system is read-only".to_string(),
        K::PermissionDenied => "permission denied".to_string(),
        _ => {
            let text = e.to_string();
            let text = match text.rfind(" (os error ") {
                Some(i) if text.ends_with(')') => text[..i].to_string(),
                _ => text,
            };
            let mut chars = text.chars();
            match chars.next() {
                Some(first) => first.to_lowercase().chain(chars).collect(),
                None => "an unknown error".to_string(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn io_errors_are_told_without_the_system_error_number() {
        let full = std::io::Error::from_raw_os_error(28);
        assert_eq!(io_words(&full), "no space left on device");
        let other = std::io::Error::from_raw_os_error(5);
        assert_eq!(io_words(&other), "input/output error");
    }
}
