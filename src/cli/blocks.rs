//! `guichet blocks`: the commitments of the open blocks, and the seeds of the
//! sold-out ones, revealed and checked against what was committed.

use std::process::ExitCode;

use guichet_core::emission::Emission;

use super::{DatabaseArgs, Failure};

/// Runs `guichet blocks`.
pub(super) fn run(arguments: &DatabaseArgs) -> Result<ExitCode, Failure> {
    let store = arguments.open()?;
    println!("open blocks (seed secret until sold out):");
    for emission in Emission::ALL {
        if let Some(status) = store.block_status(emission)? {
            println!(
                "  {:<18} block {:>4}  {:>9}/{:<9} sold  commitment {}",
                emission.code(),
                status.number,
                status.sold,
                status.size,
                status.commitment
            );
        }
    }
    println!("closed blocks:");
    for block in store.closed_blocks()? {
        println!(
            "  {:<18} block {:>4}  closed {}  seed {}  commitment {}  {}",
            block.emission.code(),
            block.number,
            block.closed_at,
            block.seed.expose_hex(),
            block.commitment,
            if block.verifies() {
                "verified"
            } else {
                "DOES NOT MATCH"
            }
        );
    }
    Ok(ExitCode::SUCCESS)
}
