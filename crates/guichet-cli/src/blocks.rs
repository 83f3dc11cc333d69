//! `guichet blocks`: every block's commitment, published before it sells; the
//! seeds of the closed ones, revealed and checked against what was committed;
//! and, for an operator, voiding the open blocks whose seal key is lost.

use std::process::ExitCode;

use clap::Args;
use guichet_core::money::group_thousands;
use guichet_sale::PointOfSale as _;
use guichet_sqlite::{BlockRecord, BlockState};

use crate::failure::Failure;
use crate::output::Output;
use crate::shared_args::DatabaseArgs;

/// `guichet blocks`.
#[derive(Debug, Args)]
pub struct BlocksArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// Operator: close as void the open blocks whose seed cannot be unsealed
    /// (their seal key lost), and commit fresh ones.
    #[arg(long, requires = "reason")]
    pub void_unsealable: bool,
    /// Why the blocks are voided, recorded with them.
    #[arg(long, value_name = "TEXT", requires = "void_unsealable")]
    pub reason: Option<String>,
}

/// Runs `guichet blocks`.
pub(super) fn run(arguments: &BlocksArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    // Listing only reads; voiding writes.
    let mut store = if arguments.void_unsealable {
        arguments.database.open_existing()?
    } else {
        arguments.database.open_to_read()?
    };
    if arguments.void_unsealable {
        let reason = arguments.reason.as_deref().unwrap_or_default();
        let voided = store.void_unsealable_blocks(reason)?;
        out.line(format_args!(
            "voided {} block(s) whose seed could not be unsealed; fresh blocks are committed",
            voided.len()
        ))?;
    }
    out.line("selling (seeds secret until sold out; lots counted gone once won and settled):")?;
    for emission in guichet_core::games::emissions() {
        let Some(status) = store.block_status(emission)? else {
            continue;
        };
        let left: Vec<String> = emission
            .tiers
            .iter()
            .zip(status.remaining_lots.iter().flatten())
            .map(|(tier, left)| {
                format!(
                    "{}×{}",
                    group_thousands(u64::from(*left)),
                    tier.prize.short()
                )
            })
            .collect();
        out.line(format_args!(
            "  {:<18} block {:>4}  {:>9}/{:<9} sold  committed {}  commitment {}",
            emission.code(),
            status.selling.number,
            status.sold,
            status.size,
            status.selling.committed_at,
            status.selling.commitment
        ))?;
        out.line(format_args!("  {:<18} lots left: {}", "", left.join("  ")))?;
    }
    let records = store.blocks()?;
    out.line("committed next (sell once the block before them is sold out):")?;
    for record in records
        .iter()
        .filter(|record| record.state == BlockState::Committed)
    {
        out.line(describe(record))?;
    }
    out.line("closed:")?;
    for record in records
        .iter()
        .filter(|record| matches!(record.state, BlockState::Closed | BlockState::Void))
    {
        out.line(describe(record))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn describe(record: &BlockRecord) -> String {
    let head = format!(
        "  {:<18} block {:>4}  committed {}  commitment {}",
        record.emission.code(),
        record.facts.number,
        record.facts.committed_at,
        record.facts.commitment
    );
    match (record.state, &record.seed, record.verifies()) {
        (BlockState::Closed, Some(seed), Some(verified)) => format!(
            "{head}  closed {}  seed {}  {}",
            record.closed_at.as_deref().unwrap_or_default(),
            seed.expose_hex(),
            if verified {
                "verified"
            } else {
                "DOES NOT MATCH"
            }
        ),
        (BlockState::Void, _, _) => format!(
            "{head}  VOID {} after {} sold: {}",
            record.closed_at.as_deref().unwrap_or_default(),
            record.sold,
            record.void_reason.as_deref().unwrap_or_default()
        ),
        _ => head,
    }
}
