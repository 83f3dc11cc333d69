//! A closing (NF 525's "clôture") as an operator reads it: what it closes,
//! its counter and its perpetual totals, without its signed body.

use guichet_core::money::Cents;

/// What a closing closes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Period {
    /// A day of activity (UTC).
    Day,
    /// A month.
    Month,
    /// A year.
    Year,
    /// Since the last closing, asked for by an operator.
    Demand,
}

impl Period {
    /// Its name in the database and the body.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Day => "day",
            Self::Month => "month",
            Self::Year => "year",
            Self::Demand => "demand",
        }
    }

    /// How many characters of a stamp name the period (`2026-12-01…`).
    #[must_use]
    pub const fn label_length(self) -> usize {
        match self {
            Self::Day => 10,
            Self::Month => 7,
            Self::Year => 4,
            Self::Demand => 20,
        }
    }

    /// The first instant of the period named `label`, and of the next one
    /// (`None` for a closing on demand, or a label of no period).
    #[must_use]
    pub fn bounds(self, label: &str) -> Option<(String, String)> {
        let date = match self {
            Self::Day => jiff::civil::Date::strptime("%Y-%m-%d", label).ok()?,
            Self::Month => jiff::civil::Date::strptime("%Y-%m-%d", format!("{label}-01")).ok()?,
            Self::Year => jiff::civil::Date::strptime("%Y-%m-%d", format!("{label}-01-01")).ok()?,
            Self::Demand => return None,
        };
        let next = match self {
            Self::Day => date.tomorrow().ok()?,
            Self::Month => date.checked_add(jiff::Span::new().months(1)).ok()?,
            _ => date.checked_add(jiff::Span::new().years(1)).ok()?,
        };
        let midnight = |date: jiff::civil::Date| format!("{}T00:00:00Z", date.strftime("%Y-%m-%d"));
        Some((midnight(date), midnight(next)))
    }
}

/// A closing's totals, as money.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClosingTotals {
    /// Staked.
    pub staked: Cents,
    /// Prizes paid.
    pub prizes: Cents,
    /// Stakes given back.
    pub refunds: Cents,
    /// Paid in.
    pub deposits: Cents,
    /// Paid out.
    pub withdrawals: Cents,
}

/// A closing as the operator's list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClosingSummary {
    /// Its counter, from 1.
    pub counter: i64,
    /// What it closes.
    pub period: Period,
    /// The period's name: `2026-12-01`, `2026-12`, `2026`, or the time of an
    /// operator's closing.
    pub label: String,
    /// When it was made.
    pub made_at: String,
    /// The perpetual totals it holds (`None` if its body does not hold them).
    pub totals: Option<ClosingTotals>,
}
