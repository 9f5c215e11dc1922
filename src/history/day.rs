//! Calendar days, as the play history stores and filters them (`YYYY-MM-DD`, UTC).

use std::fmt;
use std::str::FromStr;

/// A day of the proleptic Gregorian calendar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Day {
    pub year: i64,
    pub month: u8,
    pub day: u8,
}

/// Why a text is not a day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DayError {
    /// Not `YYYY-MM-DD` digits.
    Shape,
    /// A month outside 1–12.
    Month(u8),
    /// A day the month does not have.
    Day { day: u8, month: u8, days: u8 },
}

impl fmt::Display for DayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DayError::Shape => f.write_str("a day as YYYY-MM-DD, e.g. 2026-11-23"),
            DayError::Month(m) => write!(f, "there is no month {m}: a month is 01 to 12"),
            DayError::Day { day, month, days } => write!(
                f,
                "month {month:02} has no day {day}: it has {days} days that year"
            ),
        }
    }
}

impl std::error::Error for DayError {}

fn leap(year: i64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

/// The number of days in `month` (1–12) of `year`.
pub fn days_in_month(year: i64, month: u8) -> u8 {
    match month {
        2 if leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl FromStr for Day {
    type Err = DayError;

    fn from_str(s: &str) -> Result<Day, DayError> {
        let shaped = s.len() == 10
            && s.bytes().enumerate().all(|(i, b)| match i {
                4 | 7 => b == b'-',
                _ => b.is_ascii_digit(),
            });
        let number = |r: std::ops::Range<usize>| s.get(r).and_then(|t| t.parse::<u16>().ok());
        let (Some(year), Some(month), Some(day)) = (number(0..4), number(5..7), number(8..10))
        else {
            return Err(DayError::Shape);
        };
        if !shaped {
            return Err(DayError::Shape);
        }
        let (year, month, day) = (i64::from(year), month as u8, day as u8);
        if !(1..=12).contains(&month) {
            return Err(DayError::Month(month));
        }
        let days = days_in_month(year, month);
        if !(1..=days).contains(&day) {
            return Err(DayError::Day { day, month, days });
        }
        Ok(Day { year, month, day })
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl Day {
    /// The day a count of days since 1970-01-01 falls on (Howard Hinnant's algorithm).
    pub fn from_days(z: i64) -> Day {
        let z = z + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let d = doy - (153 * mp + 2) / 5 + 1;
        let m = if mp < 10 { mp + 3 } else { mp - 9 };
        Day {
            year: yoe + era * 400 + i64::from(m <= 2),
            month: m as u8,
            day: d as u8,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_date_like_2026_13_45_is_refused() {
        assert_eq!("2026-13-45".parse::<Day>(), Err(DayError::Month(13)));
        assert_eq!("2026-00-10".parse::<Day>(), Err(DayError::Month(0)));
        assert_eq!(
            "2026-11-31".parse::<Day>(),
            Err(DayError::Day {
                day: 31,
                month: 11,
                days: 30
            })
        );
        assert_eq!(
            "2026-02-29".parse::<Day>(),
            Err(DayError::Day {
                day: 29,
                month: 2,
                days: 28
            })
        );
        assert!("2024-02-29".parse::<Day>().is_ok());
        assert!("2000-02-29".parse::<Day>().is_ok());
        assert!("1900-02-29".parse::<Day>().is_err());
        assert_eq!(
            "2026-11-00".parse::<Day>().map_err(|e| e.to_string()),
            Err("month 11 has no day 0: it has 30 days that year".to_string())
        );
        for bad in ["2026-1-01", "2026/11/01", "20261101xx", "２026-11-01", ""] {
            assert_eq!(bad.parse::<Day>(), Err(DayError::Shape), "{bad}");
        }
    }

    #[test]
    fn days_round_trip_and_count_from_1970() {
        assert_eq!(Day::from_days(0).to_string(), "1970-01-01");
        assert_eq!(Day::from_days(20_780).to_string(), "2026-11-23");
        assert_eq!(Day::from_days(-1).to_string(), "1969-12-31");
        assert_eq!(Day::from_days(11_016).to_string(), "2000-02-29");
        // Every day over four centuries reads back as itself, in order.
        let mut last = Day::from_days(-1);
        for n in 0..146_097 {
            let d = Day::from_days(n);
            assert!(d > last);
            assert_eq!(d.to_string().parse::<Day>(), Ok(d));
            last = d;
        }
    }
}
