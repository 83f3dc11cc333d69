//! Money: integer cents, checked arithmetic, French display.

use std::fmt::{self, Write as _};
use std::ops::Neg;

use serde::{Deserialize, Serialize};

/// The thousands separator of French amounts: a narrow no-break space.
pub const THOUSANDS_SEPARATOR: char = '\u{202F}';
/// The space between an amount and its `€`: a no-break space.
pub const EURO_SPACE: char = '\u{A0}';

/// An amount of money in euro cents. Never a float.
///
/// `Display` writes it the French way: `0,50 €`, `7,50 €`, `200,00 €`, and whole
/// amounts of 1 000 € or more without their cents, `20 000 €`. [`Cents::short`]
/// drops `,00` from every whole amount (`Jouer 2 €`, chips, paytables).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Cents(pub i64);

/// Why a string is not an amount of euros.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseCentsError {
    /// Not a number of euros with at most two decimals.
    #[error("`{0}` is not an amount in euros (write it like 2, 0.5 or 7,50)")]
    Malformed(String),
    /// Too large to be held in cents.
    #[error("`{0}` is too large an amount")]
    TooLarge(String),
}

impl Cents {
    /// Zero euros.
    pub const ZERO: Self = Self(0);

    /// A whole number of euros.
    #[must_use]
    pub const fn euros(euros: i64) -> Self {
        Self(euros * 100)
    }

    /// The number of cents.
    #[must_use]
    pub const fn get(self) -> i64 {
        self.0
    }

    /// `self + other`, or `None` on overflow.
    #[must_use]
    pub const fn checked_add(self, other: Self) -> Option<Self> {
        match self.0.checked_add(other.0) {
            Some(sum) => Some(Self(sum)),
            None => None,
        }
    }

    /// `self - other`, or `None` on overflow.
    #[must_use]
    pub const fn checked_sub(self, other: Self) -> Option<Self> {
        match self.0.checked_sub(other.0) {
            Some(difference) => Some(Self(difference)),
            None => None,
        }
    }

    /// `self × factor`, or `None` on overflow.
    #[must_use]
    pub const fn checked_mul(self, factor: i64) -> Option<Self> {
        match self.0.checked_mul(factor) {
            Some(product) => Some(Self(product)),
            None => None,
        }
    }

    /// The sum of `amounts`, or `None` on overflow.
    pub fn checked_sum(amounts: impl IntoIterator<Item = Self>) -> Option<Self> {
        amounts.into_iter().try_fold(Self::ZERO, Self::checked_add)
    }

    /// Whether this is more than zero.
    #[must_use]
    pub const fn is_positive(self) -> bool {
        self.0 > 0
    }

    /// French display without `,00` for whole euros: `2 €`, `7,50 €`, `20 000 €`.
    #[must_use]
    pub fn short(self) -> String {
        self.format(self.0 % 100 == 0)
    }

    /// French display with every cent, for money held rather than a prize
    /// (a balance, a limit): `950,00 €`, `1 000,00 €`, `10 018,00 €`.
    #[must_use]
    pub fn exact(self) -> String {
        self.format(false)
    }

    /// The amount in euros as a command line takes it: `0.5`, `1`, `2.05`.
    #[must_use]
    pub fn plain_euros(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let (euros, cents) = (self.0.unsigned_abs() / 100, self.0.unsigned_abs() % 100);
        match cents {
            0 => format!("{sign}{euros}"),
            cents if cents % 10 == 0 => format!("{sign}{euros}.{}", cents / 10),
            cents => format!("{sign}{euros}.{cents:02}"),
        }
    }

    /// Parses a number of euros as typed on a command line: `2`, `0.5`, `0,50`,
    /// `7.50`, with a decimal point or the French decimal comma, and an optional
    /// trailing `€` (`5 €`). A separator needs its decimals: `5.` is refused.
    ///
    /// # Errors
    /// [`ParseCentsError`] when the text is not a non-negative amount with one or
    /// two decimals after a separator, or does not fit.
    pub fn parse_euros(text: &str) -> Result<Self, ParseCentsError> {
        let malformed = || ParseCentsError::Malformed(text.to_owned());
        let trimmed = text.trim().trim_end_matches('€').trim_end();
        let (whole, fraction, separated) = match trimmed.split_once(['.', ',']) {
            Some((whole, fraction)) => (whole, fraction, true),
            None => (trimmed, "", false),
        };
        let all_digits = |part: &str| part.bytes().all(|byte| byte.is_ascii_digit());
        if whole.is_empty()
            || !all_digits(whole)
            || (separated && fraction.is_empty())
            || fraction.len() > 2
            || !all_digits(fraction)
        {
            return Err(malformed());
        }
        // Only digits are left: a whole part that does not parse is too
        // large; the fraction, at most two digits, always parses.
        let Ok(euros) = whole.parse::<i64>() else {
            return Err(ParseCentsError::TooLarge(text.to_owned()));
        };
        let fraction_cents = match (fraction.len(), fraction.parse::<i64>()) {
            (0, _) => 0,
            (1, Ok(tenths)) => tenths * 10,
            (_, Ok(cents)) => cents,
            (_, Err(_)) => return Err(malformed()),
        };
        euros
            .checked_mul(100)
            .and_then(|cents| cents.checked_add(fraction_cents))
            .map(Self)
            .ok_or_else(|| ParseCentsError::TooLarge(text.to_owned()))
    }

    fn format(self, without_cents: bool) -> String {
        let magnitude = self.0.unsigned_abs();
        let mut text = String::new();
        if self.0 < 0 {
            text.push('\u{2212}');
        }
        text.push_str(&group_thousands(magnitude / 100));
        if !without_cents {
            #[expect(clippy::let_underscore_must_use, reason = "a String takes every write")]
            let _ = write!(text, ",{:02}", magnitude % 100);
        }
        text.push(EURO_SPACE);
        text.push('€');
        text
    }
}

/// A count written the French way, in groups of three digits: `1 500 000`.
#[must_use]
pub fn group_thousands(value: u64) -> String {
    let digits = value.to_string();
    let mut text = String::with_capacity(digits.len() * 2);
    for (position, digit) in digits.chars().enumerate() {
        if position > 0 && (digits.len() - position).is_multiple_of(3) {
            text.push(THOUSANDS_SEPARATOR);
        }
        text.push(digit);
    }
    text
}

/// `part / whole` as a French percentage with two decimals, rounded down:
/// `66,00 %`.
#[must_use]
pub fn percent(part: Cents, whole: Cents) -> String {
    let basis_points = i128::from(part.get()) * 10_000 / i128::from(whole.get().max(1));
    format!(
        "{},{:02}{EURO_SPACE}%",
        basis_points / 100,
        basis_points % 100
    )
}

impl fmt::Display for Cents {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole_thousands = self.0 % 100 == 0 && self.0.unsigned_abs() >= 100_000;
        formatter.write_str(&self.format(whole_thousands))
    }
}

impl Neg for Cents {
    type Output = Self;

    fn neg(self) -> Self {
        Self(-self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The French text with ordinary spaces, for readable expectations.
    fn plain(text: &str) -> String {
        text.replace([THOUSANDS_SEPARATOR, EURO_SPACE], " ")
    }

    #[test]
    fn displays_the_french_way() {
        assert_eq!(plain(&Cents(50).to_string()), "0,50 €");
        assert_eq!(plain(&Cents(750).to_string()), "7,50 €");
        assert_eq!(plain(&Cents(200).to_string()), "2,00 €");
        assert_eq!(plain(&Cents::euros(200).to_string()), "200,00 €");
        assert_eq!(plain(&Cents::euros(1_000).to_string()), "1 000 €");
        assert_eq!(plain(&Cents::euros(20_000).to_string()), "20 000 €");
        assert_eq!(plain(&Cents(123_456_789).to_string()), "1 234 567,89 €");
        assert_eq!(plain(&Cents(-200).to_string()), "\u{2212}2,00 €");
        assert_eq!(plain(&Cents::ZERO.to_string()), "0,00 €");
        assert_eq!(plain(&Cents::euros(1_000).exact()), "1 000,00 €");
        assert_eq!(plain(&Cents(1_001_800).exact()), "10 018,00 €");
        assert_eq!(plain(&Cents(95_000).exact()), "950,00 €");
    }

    #[test]
    fn plain_euros_are_what_a_command_line_takes() {
        for (cents, plain) in [
            (50, "0.5"),
            (100, "1"),
            (205, "2.05"),
            (-250, "-2.5"),
            (0, "0"),
        ] {
            assert_eq!(Cents(cents).plain_euros(), plain);
            assert_eq!(
                Cents::parse_euros(plain.trim_start_matches('-')).map(Cents::get),
                Ok(cents.abs())
            );
        }
    }

    #[test]
    fn uses_narrow_no_break_spaces() {
        assert_eq!(Cents::euros(20_000).to_string(), "20\u{202F}000\u{A0}€");
    }

    #[test]
    fn groups_counts_by_thousands() {
        assert_eq!(plain(&group_thousands(0)), "0");
        assert_eq!(plain(&group_thousands(999)), "999");
        assert_eq!(plain(&group_thousands(1_500_000)), "1 500 000");
    }

    #[test]
    fn percentages_have_two_french_decimals() {
        assert_eq!(
            percent(Cents::euros(1_980_076), Cents::euros(3_000_000)),
            "66,00\u{A0}%"
        );
        assert_eq!(percent(Cents(1), Cents(3)), "33,33\u{A0}%");
    }

    #[test]
    fn short_drops_whole_cents_only() {
        assert_eq!(plain(&Cents(200).short()), "2 €");
        assert_eq!(plain(&Cents(750).short()), "7,50 €");
        assert_eq!(plain(&Cents::euros(1_980_076).short()), "1 980 076 €");
    }

    #[test]
    fn arithmetic_is_checked() {
        assert_eq!(Cents(150).checked_add(Cents(50)), Some(Cents(200)));
        assert_eq!(Cents(i64::MAX).checked_add(Cents(1)), None);
        assert_eq!(Cents(i64::MIN).checked_sub(Cents(1)), None);
        assert_eq!(Cents(200).checked_sub(Cents(250)), Some(Cents(-50)));
        assert!(Cents(1).is_positive());
        assert_eq!(-Cents(250), Cents(-250));
        assert!(!Cents::ZERO.is_positive() && !Cents(-1).is_positive());
        assert_eq!(Cents(250).checked_mul(4), Some(Cents(1_000)));
        assert_eq!(Cents(i64::MAX).checked_mul(2), None);
        assert_eq!(Cents::checked_sum([Cents(1), Cents(2)]), Some(Cents(3)));
        assert_eq!(Cents::checked_sum([Cents(i64::MAX), Cents(1)]), None);
    }

    #[test]
    fn parses_euros() {
        assert_eq!(Cents::parse_euros("2"), Ok(Cents(200)));
        assert_eq!(Cents::parse_euros("0.5"), Ok(Cents(50)));
        assert_eq!(Cents::parse_euros("0,50"), Ok(Cents(50)));
        assert_eq!(Cents::parse_euros("7.50"), Ok(Cents(750)));
        assert_eq!(Cents::parse_euros("20 €"), Ok(Cents(2_000)));
        for bad in ["", "-2", "2.505", "abc", "1.2.3", ".5", "5.", "5,", "2e3"] {
            assert!(Cents::parse_euros(bad).is_err(), "{bad} should not parse");
        }
        assert!(matches!(
            Cents::parse_euros("99999999999999999999"),
            Err(ParseCentsError::TooLarge(_))
        ));
    }
}
