//! A unit sold to a kiosk, and a block as anybody may see it.

use crate::error::{NetworkError, unsigned};

/// A unit sold to a kiosk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sale {
    /// The block it belongs to.
    pub block: u32,
    /// Its index in the block.
    pub index: u32,
    /// Its tier in the emission's table, `None` when it loses.
    pub tier: Option<usize>,
}

/// The sale in `row`: block number, unit index, tier.
///
/// # Errors
/// A number below zero ([`NetworkError::Unexpected`]): a losing unit's tier
/// is NULL, never a negative one.
pub(crate) fn sale_of(row: &postgres::Row) -> Result<Sale, NetworkError> {
    let block: i32 = row.get(0);
    let index: i32 = row.get(1);
    let tier: Option<i16> = row.get(2);
    Ok(Sale {
        block: unsigned(block, "a block's number")?,
        index: unsigned(index, "a unit's index")?,
        tier: tier
            .map(|tier| {
                usize::try_from(tier).map_err(|error| {
                    NetworkError::Unexpected(format!("a unit's tier {tier}: {error}"))
                })
            })
            .transpose()?,
    })
}

/// A block as anybody may see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicBlock {
    /// Its number in the emission.
    pub number: u32,
    /// Its units.
    pub size: u32,
    /// Units sold.
    pub sold: u32,
    /// Its commitment.
    pub commitment: [u8; 32],
    /// Its seed, once it is closed.
    pub seed: Option<Vec<u8>>,
    /// When it opened (its commitment published), as `2026-11-29T20:01:02Z`.
    pub opened_at: String,
    /// When it closed, once it has.
    pub closed_at: Option<String>,
}
