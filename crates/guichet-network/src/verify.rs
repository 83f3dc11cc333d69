//! The operator's check of a whole network database against the core: every
//! block's commitment and unit-stream key from its seed, every sale the unit
//! its block's order gives with the tier its seed gives (and no block sold
//! before the one before it ran out), every played unit's
//! journal a legal reveal of the scenario it was shown (complete when
//! settled), every stake and prize in the ledger once, every balance
//! explained by its ledger.

use std::collections::HashMap;

use guichet_core::block::{Block, Seed, TierTally};
use guichet_core::generator::{self, scenario_of_unit_under};
use guichet_core::money::Cents;
use guichet_core::reveal::Progress;
use guichet_core::step::RevealStep;

use crate::error::NetworkError;
use crate::operator::Operator;

/// A block as verify reads it.
struct OpenedBlock {
    block: Block,
    sold: u32,
}

/// By block id: the units counted sold, and the tally of their tiers.
type SoldByBlock = (HashMap<i64, u32>, HashMap<i64, TierTally>);

/// A unit's stake and prize entries in the ledger: (kind, amount, player).
type Entries = Vec<(String, i64, i64)>;

impl Operator {
    /// Every violation found in the database (none when it is sound), each a
    /// line an operator can act on.
    ///
    /// # Errors
    /// The server's refusal.
    pub fn verify(&mut self) -> Result<Vec<String>, NetworkError> {
        let mut violations = Vec::new();
        let blocks = self.verify_blocks(&mut violations)?;
        let (next, tallies) = self.verify_sales(&blocks, &mut violations)?;
        for (block_id, opened) in &blocks {
            let sold = next.get(block_id).copied().unwrap_or_default();
            let name = format!(
                "block {} of {}",
                opened.block.number(),
                opened.block.emission()
            );
            if sold != opened.sold {
                violations.push(format!(
                    "{name}: {} units counted sold, {sold} sales",
                    opened.sold
                ));
            }
            if sold == opened.block.size()
                && !tallies.get(block_id).is_some_and(TierTally::matches_table)
            {
                violations.push(format!("{name}: sold out, its prizes are not its table's"));
            }
            let later_sold = blocks.iter().any(|(other_id, other)| {
                std::ptr::eq(other.block.emission(), opened.block.emission())
                    && other.block.number() > opened.block.number()
                    && next.get(other_id).is_some_and(|&sales| sales > 0)
            });
            if later_sold && sold < opened.block.size() {
                violations.push(format!(
                    "{name}: a later block sold while it had units left"
                ));
            }
        }
        self.verify_accounts(&mut violations)?;
        Ok(violations)
    }

    /// Every sale checked against its block, and every played unit against
    /// its journal and the ledger. Returns, by block, the units counted sold
    /// and the tally of their tiers.
    fn verify_sales(
        &mut self,
        blocks: &HashMap<i64, OpenedBlock>,
        violations: &mut Vec<String>,
    ) -> Result<SoldByBlock, NetworkError> {
        let journals = self.journals()?;
        let mut entries: HashMap<(i64, i32), Entries> = HashMap::new();
        for row in self.client.query(
            "SELECT block_id, unit_index, kind, amount_cents, player_id FROM guichet.ledger
             WHERE kind IN ('stake', 'prize') ORDER BY id",
            &[],
        )? {
            entries.entry((row.get(0), row.get(1))).or_default().push((
                row.get(2),
                row.get(3),
                row.get(4),
            ));
        }
        let sales = self.client.query(
            "SELECT block_id, unit_index, tier, id, player_id, generator, settled_at IS NOT NULL,
                    bought_in IS NOT NULL
             FROM guichet.sales ORDER BY block_id, unit_index",
            &[],
        )?;
        let mut next: HashMap<i64, u32> = HashMap::new();
        let mut tallies: HashMap<i64, TierTally> = HashMap::new();
        for row in &sales {
            let (block_id, index, tier): (i64, i32, Option<i16>) =
                (row.get(0), row.get(1), row.get(2));
            let Some(opened) = blocks.get(&block_id) else {
                continue;
            };
            let block = &opened.block;
            let name = format!(
                "unit {index} of block {} of {}",
                block.number(),
                block.emission()
            );
            let expected_index = next.entry(block_id).or_default();
            let Ok(index_u32) = u32::try_from(index) else {
                violations.push(format!("{name}: not a unit index"));
                continue;
            };
            if index_u32 != *expected_index {
                violations.push(format!(
                    "{name}: sold where unit {expected_index} was next (a gap or a repeat)"
                ));
            }
            *expected_index = index_u32.saturating_add(1);
            if index_u32 >= block.size() {
                violations.push(format!("{name}: outside the block"));
                continue;
            }
            let tier = tier.and_then(|tier| usize::try_from(tier).ok());
            if tier != block.tier_of_unit(index_u32) {
                violations.push(format!(
                    "{name}: sold with tier {tier:?}, its seed gives {:?}",
                    block.tier_of_unit(index_u32)
                ));
            }
            tallies
                .entry(block_id)
                .or_insert_with(|| TierTally::new(block.emission()))
                .add(tier);
            let unit_entries = entries.remove(&(block_id, index)).unwrap_or_default();
            let payer: Option<i64> = row.get(4);
            let generator: Option<i32> = row.get(5);
            let played = Played {
                name: &name,
                prize: block.prize_of_unit(index_u32),
                stake: block.emission().stake,
                settled: row.get(6),
            };
            match (payer, generator) {
                (Some(payer), Some(generator)) => {
                    played.check_ledger(payer, &unit_entries, violations);
                    let steps = journals
                        .get(&row.get::<_, i64>(3))
                        .map_or(&[][..], Vec::as_slice);
                    played.check_journal(block, index_u32, generator, steps, violations);
                }
                _ if !unit_entries.is_empty() => {
                    violations.push(format!("{name}: sold for cash, yet in a player's ledger"));
                }
                // Since version 5 every unit is bought by a player.
                _ if row.get::<_, bool>(7) => {
                    violations.push(format!("{name}: sold with no player paying for it"));
                }
                _ => {}
            }
        }
        for (block_id, index) in entries.into_keys() {
            violations.push(format!(
                "a ledger entry for unit {index} of block id {block_id}, never sold"
            ));
        }
        Ok((next, tallies))
    }

    /// Every block opened with its seed, checked: its commitment, its
    /// unit-stream key, its size, closed exactly when sold out.
    fn verify_blocks(
        &mut self,
        violations: &mut Vec<String>,
    ) -> Result<HashMap<i64, OpenedBlock>, NetworkError> {
        let mut blocks = HashMap::new();
        for row in self.client.query(
            "SELECT b.id, b.emission, b.number, b.size, b.commitment, b.sold,
                    b.closed_at IS NOT NULL, b.stream_key, s.seed
             FROM guichet.blocks b JOIN guichet.block_seeds s ON s.block_id = b.id ORDER BY b.id",
            &[],
        )? {
            let (id, code, number): (i64, String, i32) = (row.get(0), row.get(1), row.get(2));
            let name = format!("block {number} of {code}");
            let Some(emission) = guichet_core::games::emission_by_code(&code) else {
                violations.push(format!("{name}: no such emission in this build"));
                continue;
            };
            let seed: Vec<u8> = row.get(8);
            let Ok(seed) = <[u8; 32]>::try_from(seed) else {
                violations.push(format!("{name}: its seed is not 32 bytes"));
                continue;
            };
            let block = Block::open(
                emission,
                u32::try_from(number).unwrap_or_default(),
                &Seed::from_bytes(seed),
            );
            let (size, commitment, sold, closed): (i32, Vec<u8>, i32, bool) =
                (row.get(3), row.get(4), row.get(5), row.get(6));
            let stream_key: Option<Vec<u8>> = row.get(7);
            if commitment != block.commitment().0 {
                violations.push(format!("{name}: its commitment is not its seed's"));
            }
            if stream_key.as_deref() != Some(&block.unit_streams().0[..]) {
                violations.push(format!("{name}: its unit-stream key is not its seed's"));
            }
            if u32::try_from(size).ok() != Some(block.size()) {
                violations.push(format!(
                    "{name}: {size} units, its emission's blocks have {}",
                    block.size()
                ));
            }
            if closed != (sold == size) {
                violations.push(format!(
                    "{name}: {sold} of {size} units sold, yet closed is {closed}"
                ));
            }
            let sold = u32::try_from(sold).unwrap_or_default();
            blocks.insert(id, OpenedBlock { block, sold });
        }
        Ok(blocks)
    }

    /// Every played unit's journal, by sale.
    fn journals(&mut self) -> Result<HashMap<i64, Vec<Result<RevealStep, String>>>, NetworkError> {
        let mut journals: HashMap<i64, Vec<_>> = HashMap::new();
        for row in self.client.query(
            "SELECT sale_id, step FROM guichet.reveal_steps ORDER BY sale_id, seq",
            &[],
        )? {
            let step: String = row.get(1);
            journals
                .entry(row.get(0))
                .or_default()
                .push(serde_json::from_str(&step).map_err(|_| step));
        }
        Ok(journals)
    }

    /// Every player's balance, explained by their ledger.
    fn verify_accounts(&mut self, violations: &mut Vec<String>) -> Result<(), NetworkError> {
        let names: Vec<String> = self
            .client
            .query("SELECT name FROM guichet.players ORDER BY id", &[])?
            .iter()
            .map(|row| row.get(0))
            .collect();
        for name in names {
            let (balance, explained) = self.account(&name)?;
            if !explained {
                violations.push(format!(
                    "player {name}: the ledger does not explain the balance {balance}"
                ));
            }
        }
        Ok(())
    }
}

/// A unit played on a kiosk, as verify checks it.
struct Played<'a> {
    name: &'a str,
    prize: Cents,
    stake: Cents,
    settled: bool,
}

impl Played<'_> {
    /// One stake paid by its player; its prize credited to them once settled,
    /// never before, and nothing for a losing unit.
    fn check_ledger(&self, player: i64, entries: &Entries, violations: &mut Vec<String>) {
        let of = |kind: &str| -> Vec<i64> {
            entries
                .iter()
                .filter(|(entry_kind, _, entry_player)| {
                    entry_kind == kind && *entry_player == player
                })
                .map(|(_, amount, _)| *amount)
                .collect()
        };
        if entries
            .iter()
            .any(|(_, _, entry_player)| *entry_player != player)
        {
            violations.push(format!("{}: in another player's ledger", self.name));
        }
        if of("stake") != [-self.stake.0] {
            violations.push(format!(
                "{}: staked {:?} cents, not once {}",
                self.name,
                of("stake"),
                self.stake
            ));
        }
        let credited = of("prize");
        let owed: &[i64] = if self.settled && self.prize.is_positive() {
            &[self.prize.0]
        } else {
            &[]
        };
        if credited != owed {
            violations.push(format!(
                "{}: credited {credited:?} cents, owed {owed:?} (prize {}, settled {})",
                self.name, self.prize, self.settled
            ));
        }
    }

    /// Its journal replays on the scenario it was shown, complete if settled.
    fn check_journal(
        &self,
        block: &Block,
        index: u32,
        generator: i32,
        journal: &[Result<RevealStep, String>],
        violations: &mut Vec<String>,
    ) {
        let Some(version) = u32::try_from(generator)
            .ok()
            .filter(|&version| generator::draws(version))
        else {
            violations.push(format!(
                "{}: drawn with generator {generator}, this build replays {} to {}",
                self.name,
                generator::OLDEST,
                generator::VERSION
            ));
            return;
        };
        let steps: Result<Vec<RevealStep>, &String> =
            journal.iter().map(|step| step.as_ref().copied()).collect();
        let steps = match steps {
            Ok(steps) => steps,
            Err(step) => {
                violations.push(format!(
                    "{}: a journaled step is not a step: {step}",
                    self.name
                ));
                return;
            }
        };
        let scenario = scenario_of_unit_under(version, block, index, self.prize);
        match Progress::replay(&scenario, &steps) {
            Ok(progress) if self.settled && !progress.is_complete() => {
                violations.push(format!("{}: settled before it was all revealed", self.name));
            }
            Ok(_) => {}
            Err(error) => violations.push(format!(
                "{}: its journal does not replay: {error}",
                self.name
            )),
        }
    }
}
