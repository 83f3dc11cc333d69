//! `guichet audit`: walk a whole block, count its tiers against the règlement,
//! and export what an auditor's tools read: every prize (`--prizes`) and what the
//! screens show for some units of each tier (`--scenarios`).

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context as _;
use clap::Args;
use guichet_core::block::{Block, Seed, TierTally};
use guichet_core::emission::{Emission, Game};
use guichet_core::games::Scenario;
use guichet_core::generator::scenario_of_unit;
use guichet_core::money::{Cents, group_thousands, percent};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::failure::Failure;
use crate::output::Output;
use crate::values::{echoed, game_help, parse_count, parse_euros, parse_game, stake_help};

/// `guichet audit`: see `ARCHITECTURE.md` and the audit interface.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("samples").args(["scenarios", "trajectories"]).multiple(true)))]
pub struct AuditArgs {
    /// The game, by its command-line name (the help lists the registry's).
    #[arg(long, value_parser = parse_game, help = game_help())]
    pub game: Game,
    /// The stake in euros, for a game sold at several.
    #[arg(long, value_name = "EUROS", value_parser = parse_euros, allow_negative_numbers = true,
          help = stake_help())]
    pub stake: Option<Cents>,
    /// The block's secret seed, 64 hex digits; a fresh one is drawn without it.
    #[arg(long, value_name = "HEX", value_parser = parse_seed)]
    pub seed: Option<Seed>,
    /// The block number within its emission.
    #[arg(long, value_name = "N", default_value_t = 0, allow_negative_numbers = true, value_parser = parse_block_number)]
    pub block: u32,
    /// Write every unit's prize as CSV (`index,prize_cents`) to FILE.
    #[arg(long, value_name = "FILE")]
    pub prizes: Option<PathBuf>,
    /// Write, as JSON Lines, what the screens show for up to K units of each tier.
    #[arg(long, value_name = "FILE", requires = "per_tier")]
    pub scenarios: Option<PathBuf>,
    /// Write, as JSON Lines, the Star Fortune board and how every puck of up to
    /// K units of each tier falls, sampled at 60 Hz.
    #[arg(long, value_name = "FILE", requires = "per_tier")]
    pub trajectories: Option<PathBuf>,
    /// How many units of each tier (the losing one included) `--scenarios` and
    /// `--trajectories` write.
    #[arg(long, value_name = "K", requires = "samples", value_parser = parse_count)]
    pub per_tier: Option<u32>,
}

#[expect(
    clippy::map_err_ignore,
    reason = "the message says what is wanted; the parser's own says less"
)]
fn parse_seed(text: &str) -> Result<Seed, String> {
    text.parse().map_err(|_| {
        format!(
            "`{}` is not a seed: a seed is 64 hexadecimal digits",
            echoed(text)
        )
    })
}

#[expect(
    clippy::map_err_ignore,
    reason = "the message says what is wanted; the parser's own says less"
)]
fn parse_block_number(text: &str) -> Result<u32, String> {
    text.parse().map_err(|_| {
        format!(
            "block number `{}` is out of range (0 to {})",
            echoed(text),
            u32::MAX
        )
    })
}

/// Units whose tiers are computed together, between two progress updates.
const CHUNK: u32 = 1 << 16;

/// Runs `guichet audit`.
pub(super) fn run(arguments: &AuditArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let emission = Emission::find(arguments.game, arguments.stake)
        .map_err(|error| Failure::Usage(error.to_string()))?;
    let export_trajectories = emission.game.rules().trajectories;
    if arguments.trajectories.is_some() && export_trajectories.is_none() {
        let with_pucks: Vec<&str> = guichet_core::games::ALL
            .iter()
            .filter(|game| game.rules().trajectories.is_some())
            .map(|game| game.slug())
            .collect();
        return Err(Failure::Usage(format!(
            "--trajectories is for {} only: the other games have no pucks",
            guichet_core::emission::in_words(&with_pucks)
        )));
    }
    let mut prizes = arguments
        .prizes
        .as_deref()
        .map(PrizesCsv::create)
        .transpose()?;
    let scenarios_file = arguments
        .scenarios
        .as_deref()
        .map(create_output)
        .transpose()?;
    let trajectories_file = arguments
        .trajectories
        .as_deref()
        .map(create_output)
        .transpose()?;
    let per_tier = arguments.per_tier.unwrap_or(0) as usize;
    let seed = match &arguments.seed {
        Some(seed) => seed.clone(),
        None => Seed::generate().context("drawing a fresh seed")?,
    };
    let block = Block::open(emission, arguments.block, &seed);

    let progress = ProgressBar::new(u64::from(block.size())).with_style(
        ProgressStyle::with_template("{msg} [{bar:40}] {human_pos}/{human_len} units, {eta} left")
            .expect("a valid progress template")
            .progress_chars("=> "),
    );
    progress.set_message(format!("auditing {}", emission.code()));
    let mut tally = TierTally::new(emission);
    // The first `per_tier` units of each tier, the losing ones last.
    let mut samples: Vec<Vec<u32>> = vec![Vec::new(); emission.tiers.len() + 1];
    block
        .walk(CHUNK, |start, tiers| {
            for (index, &tier) in (start..).zip(tiers) {
                tally.add(tier);
                let sample = &mut samples[tier.unwrap_or(emission.tiers.len())];
                if sample.len() < per_tier {
                    sample.push(index);
                }
                if let Some(csv) = prizes.as_mut() {
                    let prize = tier.map_or(Cents::ZERO, |tier| emission.tiers[tier].prize);
                    csv.row(index, prize)?;
                }
            }
            progress.inc(tiers.len() as u64);
            Ok::<(), io::Error>(())
        })
        .map_err(|error| cannot_write("the prizes file", &error))?;
    if let Some(csv) = prizes {
        csv.finish()
            .map_err(|error| cannot_write("the prizes file", &error))?;
    }
    progress.finish_and_clear();
    let prizes: Vec<Cents> = emission
        .tiers
        .iter()
        .map(|tier| tier.prize)
        .chain([Cents::ZERO])
        .collect();
    let units = || {
        prizes
            .iter()
            .zip(&samples)
            .flat_map(|(&prize, indices)| indices.iter().map(move |&index| (index, prize)))
    };
    if let Some(file) = scenarios_file {
        write_scenarios(file, &block, units())
            .map_err(|error| cannot_write("the scenarios file", &error))?;
    }
    if let (Some(mut file), Some(export)) = (trajectories_file, export_trajectories) {
        let mut drawn = units().map(|(index, prize)| (index, prize, block.unit_rng(index)));
        export(
            &mut file,
            block.emission(),
            guichet_core::generator::VERSION,
            &mut drawn,
        )
        .and_then(|()| file.flush())
        .and_then(|()| file.get_ref().sync_all())
        .map_err(|error| cannot_write("the trajectories file", &error))?;
    }

    for line in report(&block, &seed, &tally).lines() {
        out.line(line)?;
    }
    Ok(ExitCode::from(exit_status(&tally)))
}

/// The audit's exit status: 0 when every tier of the block matches the
/// règlement, 1 when one does not.
fn exit_status(tally: &TierTally) -> u8 {
    u8::from(!tally.matches_table())
}

/// A file named on the command line that could not be written to its end.
fn cannot_write(what: &str, error: &io::Error) -> Failure {
    Failure::Output(format!("cannot write {what}: {error}"))
}

/// Opens an output file named on the command line; failing to is a usage fault.
pub(super) fn create_output(path: &Path) -> Result<BufWriter<File>, Failure> {
    File::create(path)
        .map(|file| BufWriter::with_capacity(1 << 20, file))
        .map_err(|error| Failure::Usage(format!("cannot write {}: {error}", path.display())))
}

/// The `--prizes` CSV: `index,prize_cents`, one row per unit in index order.
struct PrizesCsv(BufWriter<File>);

impl PrizesCsv {
    fn create(path: &Path) -> Result<Self, Failure> {
        let mut writer = create_output(path)?;
        writeln!(writer, "index,prize_cents")
            .map_err(|error| Failure::Usage(format!("cannot write {}: {error}", path.display())))?;
        Ok(Self(writer))
    }

    fn row(&mut self, index: u32, prize: Cents) -> io::Result<()> {
        writeln!(self.0, "{index},{}", prize.get())
    }

    fn finish(mut self) -> io::Result<()> {
        self.0.flush()?;
        self.0.get_ref().sync_all()
    }
}

/// One line of `--scenarios`: a unit and what its screen shows.
#[derive(Serialize)]
struct ScenarioLine<'a> {
    game: &'static str,
    stake_cents: i64,
    block: u32,
    index: u32,
    prize_cents: i64,
    scenario: &'a Scenario,
}

/// Writes the `--scenarios` JSON Lines for `units` (index, prize) of `block`. A
/// game's pucks are those an automatic player picks, with their ways down.
fn write_scenarios(
    mut file: BufWriter<File>,
    block: &Block,
    units: impl Iterator<Item = (u32, Cents)>,
) -> io::Result<()> {
    let emission = block.emission();
    for (index, prize) in units {
        let mut scenario = scenario_of_unit(block, index, prize);
        for (drop, facts) in scenario.rules().drops().into_iter().enumerate() {
            scenario.rules_mut().pick_puck(drop, facts.automatic_puck);
        }
        let line = ScenarioLine {
            game: emission.game.export_name(),
            stake_cents: emission.stake.get(),
            block: block.number(),
            index,
            prize_cents: prize.get(),
            scenario: &scenario,
        };
        serde_json::to_writer(&mut file, &line)?;
        file.write_all(b"\n")?;
    }
    file.flush()?;
    file.get_ref().sync_all()
}

/// The table printed on stdout: each tier found against the règlement, what the
/// block pays and its return to player.
fn report(block: &Block, seed: &Seed, tally: &TierTally) -> String {
    let emission = block.emission();
    let mut text = String::new();
    let mut line = |content: String| {
        text.push_str(&content);
        text.push('\n');
    };
    line(format!(
        "Guichet audit: {} at {}, block {} ({})",
        emission.game,
        emission.stake,
        block.number(),
        emission.code()
    ));
    line(format!("seed        {}", seed.expose_hex()));
    line(format!("commitment  {}", block.commitment()));
    line(format!(
        "units       {}",
        group_thousands(u64::from(block.size()))
    ));
    line(String::new());
    line(format!(
        "{:>12}  {:>11}  {:>11}  {:>14}",
        "prize", "found", "règlement", "paid"
    ));
    for (position, tier) in emission.tiers.iter().enumerate() {
        let found = tally.found(position);
        let paid = tier
            .prize
            .checked_mul(i64::try_from(found).unwrap_or(i64::MAX));
        line(count_row(
            &tier.prize.to_string(),
            found,
            u64::from(tier.lots),
            &paid.map_or_else(|| "overflow".to_owned(), |paid| paid.to_string()),
        ));
    }
    line(count_row(
        "losing",
        tally.losing(),
        u64::from(emission.losing_lots()),
        "0,00\u{A0}€",
    ));
    line(count_row(
        "all prizes",
        tally.winning(),
        u64::from(emission.winning_lots()),
        &tally.paid().to_string(),
    ));
    line(String::new());
    let staked = emission.total_staked();
    line(format!(
        "return to player  {} (règlement {})",
        percent(tally.paid(), staked),
        percent(emission.printed.paid, staked)
    ));
    line(if tally.matches_table() {
        "result            every tier matches the règlement".to_owned()
    } else {
        "result            MISMATCH: the block does not hold the règlement's table".to_owned()
    });
    text
}

fn count_row(label: &str, found: u64, expected: u64, paid: &str) -> String {
    let flag = if found == expected {
        ""
    } else {
        "  <- mismatch"
    };
    format!(
        "{label:>12}  {:>11}  {:>11}  {paid:>14}{flag}",
        group_thousands(found),
        group_thousands(expected)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use guichet_core::games::blackjack::game::BLACK_JACK;

    #[test]
    fn a_block_off_its_table_exits_1() {
        let block = Block::open(&BLACK_JACK, 0, &Seed::from_bytes([1; 32]));
        let mut tally = block.tally();
        assert_eq!(exit_status(&tally), 0);
        // A walk that counted one winning unit twice.
        tally.add(Some(0));
        assert_eq!(exit_status(&tally), 1);
        // A walk that lost a unit.
        let mut short = TierTally::new(&BLACK_JACK);
        block
            .walk(CHUNK, |start, tiers| {
                for (index, &tier) in (start..).zip(tiers) {
                    if index != 0 {
                        short.add(tier);
                    }
                }
                Ok::<(), io::Error>(())
            })
            .expect("a walk");
        assert_eq!(exit_status(&short), 1);
    }

    #[test]
    fn report_flags_a_mismatch() {
        let seed = Seed::from_bytes([0; 32]);
        let block = Block::open(&BLACK_JACK, 0, &seed);
        let mut tally = TierTally::new(&BLACK_JACK);
        tally.add(Some(0));
        let text = report(&block, &seed, &tally);
        assert!(text.contains("MISMATCH"), "{text}");
        assert!(text.contains("<- mismatch"), "{text}");
    }
}
