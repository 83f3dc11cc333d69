//! What the server's refusals of a purchase or a reveal mean to the sale
//! API: the refusals every engine shares, by their name.

use guichet_core::money::Cents;
use guichet_sale::{LimitKind, StoreError};

use crate::error::NetworkError;

/// The store's error for the network's `error`: the refusals every engine
/// shares by their name, the rest as they are.
pub(crate) fn refusal(error: postgres::Error, stake: Cents, unit: Option<i64>) -> StoreError {
    let error = NetworkError::from(error);
    if let Some(refused) = protection_refusal(&error, stake) {
        return refused;
    }
    let detail = error.detail().and_then(|detail| detail.parse::<i64>().ok());
    match (error.code(), detail, unit) {
        (Some("GU005"), Some(balance), _) => StoreError::InsufficientFunds {
            balance: Cents(balance),
            stake,
        },
        (Some("GU006"), Some(unfinished), _) => StoreError::UnitUnfinished(unfinished),
        (Some("GU007"), _, Some(unit)) => StoreError::NoSuchUnit(unit),
        (Some("GU008"), _, Some(unit)) => StoreError::AlreadySettled(unit),
        _ => StoreError::from(error),
    }
}

/// The refusal of `v2.sql`'s `check_protection` in `error`, if it is one: the
/// player excluded (the end in its detail), without limits, or past the stake
/// limit (its detail: the limit, what is left, when `stake` fits or "never").
fn protection_refusal(error: &NetworkError, stake: Cents) -> Option<StoreError> {
    let detail = error.detail().unwrap_or_default();
    match error.code()? {
        "GU010" => Some(StoreError::Excluded {
            until: guichet_sale::time::parse(detail).ok()?,
        }),
        "GU011" => Some(StoreError::NoLimits),
        "GU012" => {
            let mut parts = detail.split(' ');
            let limit = Cents(parts.next()?.parse().ok()?);
            let left = Cents(parts.next()?.parse().ok()?);
            let fits_from = match parts.next()? {
                "never" => None,
                time => Some(guichet_sale::time::parse(time).ok()?),
            };
            Some(StoreError::LimitReached {
                kind: LimitKind::Stake,
                amount: stake,
                limit,
                left,
                fits_from,
            })
        }
        _ => None,
    }
}
