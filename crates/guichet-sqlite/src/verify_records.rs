//! `verify`'s checks of the file as a record: the chain of MACs over every
//! row, the schema exactly as its version defines it, the amounts inside the
//! rules, the dates in order, the protection records as the rules write them,
//! and the clock's jumps (warnings).

use std::collections::BTreeMap;

use guichet_core::money::Cents;
use jiff::Timestamp;

use crate::account::{MAX_BALANCE_BY_DEPOSIT, MAX_DEPOSIT};
use crate::chain::{self, ChainKey};
use crate::chain_check;
use crate::protection::{ProtectionEvent, Setting, in_force};
use crate::schema;
use crate::sqlite_error::OnFile as _;
use crate::store::{Seal, Store};
use guichet_sale::time::{parse, stamp};
use guichet_sale::{RAISE_DELAY, StoreError};

/// The tables whose rows are dated in the order they are written: each with
/// the column of its date and the name of a row.
const DATED: &[(&str, &str, &str)] = &[
    ("ledger", "at", "ledger entry"),
    ("units", "sold_at", "unit"),
    ("protection", "at", "protection record"),
    ("events", "at", "event"),
    ("meter_resets", "at", "meter reset"),
];

impl Store {
    /// The file's schema version.
    fn schema_version(&self) -> Result<i64, StoreError> {
        self.file
            .connection
            .query_row("PRAGMA user_version", [], |row| row.get(0))
            .on(&self.file.path)
    }

    /// Every link of the chain, and every row against its last link.
    pub(crate) fn chain_checks(&self) -> Result<Vec<String>, StoreError> {
        if !chain::exists(&self.file.connection).on(&self.file.path)? {
            return Ok(vec![format!(
                "the records are not chained (schema {}): none of them can be told unchanged; \
                 `guichet migrate --db {}` chains them as they are",
                self.schema_version()?,
                self.file.path.display()
            )]);
        }
        let key = match &self.keys.seal {
            Seal::Ready(key) => ChainKey::of(key),
            Seal::Lost { problem, .. } => {
                return Ok(vec![format!(
                    "the chain cannot be checked, nor any record told unchanged: the seal key is {problem}"
                )]);
            }
        };
        let walk = chain_check::walk(&self.file.connection, &key).on(&self.file.path)?;
        let mut findings = walk.findings.clone();
        findings
            .extend(chain_check::rows_against(&self.file.connection, &walk).on(&self.file.path)?);
        Ok(findings)
    }

    /// The schema against the one its version defines: every table, index
    /// and trigger there, none changed, none added.
    pub(crate) fn schema_checks(&self) -> Result<Vec<String>, StoreError> {
        let version = self.schema_version()?;
        let expected = schema::expected_schema(version).map_err(|error| {
            self.inconsistent(format!("the schema of version {version}: {error}"))
        })?;
        let found = schema::schema_of(&self.file.connection).on(&self.file.path)?;
        let by_name = |items: Vec<schema::SchemaItem>| {
            items
                .into_iter()
                .map(|item| ((item.kind, item.name), item.sql))
                .collect::<BTreeMap<_, _>>()
        };
        let expected = by_name(expected);
        let found = by_name(found);
        let mut findings = Vec::new();
        for ((kind, name), sql) in &expected {
            match found.get(&(kind.clone(), name.clone())) {
                None => findings.push(format!(
                    "the schema: the {kind} {name} of version {version} is missing (dropped)"
                )),
                Some(other) if other != sql => findings.push(format!(
                    "the schema: the {kind} {name} is not version {version}'s (changed)"
                )),
                Some(_) => {}
            }
        }
        for (kind, name) in found.keys() {
            if !expected.contains_key(&(kind.clone(), name.clone())) {
                findings.push(format!(
                    "the schema: a {kind} {name} that version {version} does not have (added)"
                ));
            }
        }
        Ok(findings)
    }

    /// Every deposit within one deposit's most and the balance's cap.
    pub(crate) fn amount_checks(&self) -> Result<Vec<String>, StoreError> {
        let deposits: Vec<(i64, i64, i64)> = self
            .file.connection
            .prepare(
                "SELECT id, amount_cents, balance_after_cents FROM ledger
                 WHERE kind = 'deposit' AND (amount_cents > ?1 OR balance_after_cents > ?2) ORDER BY id",
            )
            .and_then(|mut statement| {
                statement
                    .query_map([MAX_DEPOSIT.get(), MAX_BALANCE_BY_DEPOSIT.get()], |row| {
                        Ok((row.get(0)?, row.get(1)?, row.get(2)?))
                    })?
                    .collect()
            })
            .on(&self.file.path)?;
        Ok(deposits
            .into_iter()
            .map(|(id, amount, balance)| {
                if amount > MAX_DEPOSIT.get() {
                    format!(
                        "ledger entry {id}: a deposit of {}, above the {MAX_DEPOSIT} one deposit may be",
                        Cents(amount)
                    )
                } else {
                    format!(
                        "ledger entry {id}: a deposit taking the balance to {}, above the {MAX_BALANCE_BY_DEPOSIT} a deposit may reach",
                        Cents(balance)
                    )
                }
            })
            .collect())
    }

    /// Every dated table's rows in the order of their dates: none dated
    /// before the row written before it.
    pub(crate) fn date_checks(&self) -> Result<Vec<String>, StoreError> {
        let mut findings = Vec::new();
        for (table, column, noun) in DATED {
            findings.extend(
                self.file.connection
                    .prepare(&format!(
                        "SELECT id, {column}, before FROM (
                             SELECT id, {column}, LAG({column}) OVER (ORDER BY id) AS before FROM {table})
                         WHERE {column} < before"
                    ))
                    .and_then(|mut statement| {
                        statement
                            .query_map([], |row| {
                                Ok(format!(
                                    "{noun} {}: dated {}, before the one written before it ({})",
                                    row.get::<_, i64>(0)?,
                                    row.get::<_, String>(1)?,
                                    row.get::<_, String>(2)?
                                ))
                            })?
                            .collect::<rusqlite::Result<Vec<_>>>()
                    })
                    .on(&self.file.path)?,
            );
        }
        Ok(findings)
    }

    /// Every player's limits and breaks replayed from their records: each
    /// limit takes effect when the rules say (a raise [`RAISE_DELAY`] after
    /// it was asked, or with the raise it repeats), and no break is
    /// shortened.
    pub(crate) fn protection_record_checks(&self) -> Result<Vec<String>, StoreError> {
        let mut findings = Vec::new();
        for player in self.player_ids()? {
            findings.extend(self.player_protection_record_checks(player)?);
        }
        Ok(findings)
    }

    /// Player `player`'s limits and breaks replayed from their records.
    fn player_protection_record_checks(&self, player: i64) -> Result<Vec<String>, StoreError> {
        let broken = |detail: String| self.inconsistent(detail);
        let mut settings: BTreeMap<&'static str, Vec<Setting>> = BTreeMap::new();
        let mut breaks: Vec<Timestamp> = Vec::new();
        let mut findings = Vec::new();
        for record in self.protection_records_of(player)? {
            let (id, at) = (record.id, parse(&record.at).map_err(broken)?);
            match record.event {
                ProtectionEvent::Limit {
                    kind: limit,
                    amount,
                    effective_at,
                } => {
                    let effective_at = parse(&effective_at).map_err(broken)?;
                    let made = settings.entry(limit.name()).or_default();
                    let (current, pending) = in_force(made, at);
                    let due = match (current, pending) {
                        (Some(current), _) if amount <= current => at,
                        (None, _) => at,
                        (Some(_), Some(pending)) if pending.amount == amount => pending.from,
                        (Some(_), _) => at + RAISE_DELAY,
                    };
                    if effective_at < due {
                        findings.push(format!(
                            "protection record {id}: the {} limit of {amount} takes effect at {}, before the rules allow ({})",
                            limit.noun(),
                            stamp(effective_at),
                            stamp(due)
                        ));
                    } else if effective_at > due {
                        findings.push(format!(
                            "protection record {id}: the {} limit of {amount} takes effect at {}, not when the rules say ({})",
                            limit.noun(),
                            stamp(effective_at),
                            stamp(due)
                        ));
                    }
                    made.push(Setting {
                        at,
                        amount,
                        effective_at,
                    });
                }
                ProtectionEvent::Exclusion { until } => {
                    let until = parse(&until).map_err(broken)?;
                    if let Some(running) = breaks.iter().copied().filter(|end| *end > at).max()
                        && until < running
                    {
                        findings.push(format!(
                            "protection record {id}: a break until {} shortens the one running until {}",
                            stamp(until),
                            stamp(running)
                        ));
                    }
                    if until <= at {
                        findings.push(format!(
                            "protection record {id}: a break that ends ({}) before it begins ({})",
                            stamp(until),
                            stamp(at)
                        ));
                    }
                    breaks.push(until);
                }
                ProtectionEvent::AgeConfirmed
                | ProtectionEvent::AgeRefused
                | ProtectionEvent::RealityCheck { .. } => {}
            }
        }
        Ok(findings)
    }

    /// What `verify` reports beside its findings, without failing: each jump
    /// of the clock of more than a day between two records of a running
    /// kiosk, with the records around it.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    pub fn verify_warnings(&self) -> Result<Vec<String>, StoreError> {
        if !chain::exists(&self.file.connection).on(&self.file.path)? {
            return Ok(Vec::new());
        }
        self.file.connection
            .prepare(
                "SELECT e.id, e.detail,
                        (SELECT MAX(seq) FROM chain WHERE record = 'events' AND row_key = CAST(e.id AS TEXT))
                 FROM events e WHERE e.kind = 'clock_jump' ORDER BY e.id",
            )
            .and_then(|mut statement| {
                statement
                    .query_map([], |row| {
                        let link: Option<i64> = row.get(2)?;
                        Ok(format!(
                            "warning: event {}: {}{}",
                            row.get::<_, i64>(0)?,
                            row.get::<_, String>(1)?,
                            link.map_or_else(String::new, |link| format!(
                                "; the records around it are chain links {} to {}",
                                link.saturating_sub(1),
                                link + 1
                            ))
                        ))
                    })?
                    .collect()
            })
            .on(&self.file.path)
    }
}
