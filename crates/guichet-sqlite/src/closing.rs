//! Closings (NF 525's "clôtures"): at the first write of a new day, the day
//! before is closed — and the month, and the year, when they end too — by a
//! record of the perpetual totals since installation (staked, prizes paid,
//! refunds, deposits, withdrawals, units per emission), the period's totals,
//! the chain's head and a counter, signed with an Ed25519 key derived from
//! the seal key (kept off the database's folder). An operator keeps them
//! apart from the kiosk (`guichet closing`), and `verify --closing` proves a
//! file still contains and extends one: an older copy restored, a truncated
//! file or another kiosk's file does not.

use std::collections::BTreeMap;

use ed25519_dalek::{Signature, Signer as _, SigningKey, Verifier as _, VerifyingKey};
use guichet_core::money::Cents;
use guichet_sale::{ClosingSummary, ClosingTotals, Period};
use rusqlite::{Connection, OptionalExtension as _, params};
use serde_json::{Value, json};

use crate::chain::Head;
use crate::seal::SealKey;

/// The format of a closing's body.
pub const FORMAT: &str = "guichet-closing/1";

/// The key that signs the closings. Its `Debug` never shows it.
pub(crate) struct ClosingKey(SigningKey);

impl std::fmt::Debug for ClosingKey {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("ClosingKey(<secret>)")
    }
}

impl ClosingKey {
    /// The closing key of a database whose seal key is `seal`.
    pub(crate) fn of(seal: &SealKey) -> Self {
        Self(SigningKey::from_bytes(&seal.derive(b"guichet/closing/v1")))
    }

    /// The Ed25519 signature of `bytes`.
    pub(crate) fn sign(&self, bytes: &[u8]) -> [u8; 64] {
        self.0.sign(bytes).to_bytes()
    }

    /// Its public half, in hex: in every closing, to check it by.
    pub(crate) fn public(&self) -> String {
        hex::encode(self.0.verifying_key().to_bytes())
    }
}

/// A closing as the database keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Closing {
    /// Its counter, from 1.
    pub counter: i64,
    /// What it closes.
    pub period: Period,
    /// The period's name: `2026-12-01`, `2026-12`, `2026`, or the time of an
    /// operator's closing.
    pub label: String,
    /// When it was made.
    pub made_at: String,
    /// Its body: the JSON signed.
    pub body: String,
    /// Its Ed25519 signature of the body.
    pub signature: Vec<u8>,
}

impl Closing {
    /// The closing as a file keeps it: `{"closing": body, "signature": hex}`
    /// (docs/FORMATS.md).
    #[must_use]
    pub fn exported(&self) -> String {
        let body: Value = serde_json::from_str(&self.body).unwrap_or(Value::Null);
        let mut text = serde_json::to_string_pretty(&json!({
            "closing": body,
            "signature": hex::encode(&self.signature),
        }))
        .unwrap_or_default();
        text.push('\n');
        text
    }

    /// A field of its body.
    pub(crate) fn field(&self, pointer: &str) -> Option<Value> {
        serde_json::from_str::<Value>(&self.body)
            .ok()?
            .pointer(pointer)
            .cloned()
    }

    /// The chain's head it closed on: its place and MAC (hex).
    #[must_use]
    pub fn chain_head(&self) -> Option<(i64, String)> {
        Some((
            self.field("/chain/seq")?.as_i64()?,
            self.field("/chain/mac")?.as_str()?.to_owned(),
        ))
    }

    /// The perpetual totals it holds, by name, in cents (and units).
    #[must_use]
    pub fn perpetual(&self) -> Option<Value> {
        self.field("/perpetual")
    }

    /// The perpetual totals it holds, as money.
    #[must_use]
    pub fn perpetual_totals(&self) -> Option<ClosingTotals> {
        let totals = self.perpetual()?;
        let cents = |name: &str| totals.get(name).and_then(Value::as_i64).map(Cents);
        Some(ClosingTotals {
            staked: cents("staked_cents")?,
            prizes: cents("prizes_cents")?,
            refunds: cents("refunds_cents")?,
            deposits: cents("deposits_cents")?,
            withdrawals: cents("withdrawals_cents")?,
        })
    }

    /// The closing as the operator's list shows it.
    #[must_use]
    pub fn summary(&self) -> ClosingSummary {
        ClosingSummary {
            counter: self.counter,
            period: self.period,
            label: self.label.clone(),
            made_at: self.made_at.clone(),
            totals: self.perpetual_totals(),
        }
    }
}

/// A closing read from a file, checked against its own key.
#[derive(Clone, Debug)]
pub struct ExportedClosing {
    /// The closing's body, as signed.
    pub body: String,
    /// Its counter.
    pub counter: i64,
    /// Its period's name.
    pub label: String,
    /// The database it closed.
    pub database_id: String,
    /// The public key it names.
    pub public_key: String,
}

impl ExportedClosing {
    /// Reads a closing exported by [`Closing::exported`], and checks its
    /// signature against the key it names.
    ///
    /// # Errors
    /// One line saying what is wrong with the file.
    pub fn parse(text: &str) -> Result<Self, String> {
        let file: Value =
            serde_json::from_str(text).map_err(|error| format!("it is not a closing: {error}"))?;
        let body = file
            .get("closing")
            .ok_or("it is not a closing: no \"closing\"")?;
        let text_of = |pointer: &str| {
            body.pointer(pointer)
                .and_then(Value::as_str)
                .map(str::to_owned)
                .ok_or(format!("it is not a closing: no {pointer}"))
        };
        if text_of("/format")? != FORMAT {
            return Err(format!("it is not a closing of the format {FORMAT}"));
        }
        let public_key = text_of("/public_key")?;
        let signature = file
            .get("signature")
            .and_then(Value::as_str)
            .and_then(|signature| hex::decode(signature).ok())
            .and_then(|signature| Signature::from_slice(&signature).ok())
            .ok_or("it is not a closing: no signature")?;
        let key = hex::decode(&public_key)
            .ok()
            .and_then(|key| <[u8; 32]>::try_from(key).ok())
            .and_then(|key| VerifyingKey::from_bytes(&key).ok())
            .ok_or("it is not a closing: its public key is malformed")?;
        let signed = serde_json::to_string(body).map_err(|error| error.to_string())?;
        #[expect(
            clippy::map_err_ignore,
            reason = "a signature that does not verify is all there is to say"
        )]
        key.verify(signed.as_bytes(), &signature).map_err(|_| {
            "its signature does not match its content: the closing was forged or changed".to_owned()
        })?;
        Ok(Self {
            counter: body
                .get("counter")
                .and_then(Value::as_i64)
                .ok_or("it is not a closing: no counter")?,
            label: text_of("/period/label")?,
            database_id: text_of("/database_id")?,
            public_key,
            body: signed,
        })
    }
}

/// Whether `signature` is `public_key`'s (hex) of `body`.
pub(crate) fn signed_by(public_key: &str, body: &str, signature: &[u8]) -> bool {
    let key = hex::decode(public_key)
        .ok()
        .and_then(|key| <[u8; 32]>::try_from(key).ok())
        .and_then(|key| VerifyingKey::from_bytes(&key).ok());
    match (key, Signature::from_slice(signature)) {
        (Some(key), Ok(signature)) => key.verify(body.as_bytes(), &signature).is_ok(),
        _ => false,
    }
}

/// The totals of the ledger entries and units in a span of the records.
fn totals(
    connection: &Connection,
    from: Option<&str>,
    to: Option<&str>,
) -> rusqlite::Result<Value> {
    let from = from.unwrap_or("");
    let to = to.unwrap_or("9999");
    let mut by_kind: BTreeMap<String, i64> = BTreeMap::new();
    let mut statement = connection.prepare_cached(
        "SELECT kind, SUM(amount_cents) FROM ledger WHERE at >= ?1 AND at < ?2 GROUP BY kind",
    )?;
    for row in statement.query_map(params![from, to], |row| Ok((row.get(0)?, row.get(1)?)))? {
        let (kind, sum): (String, i64) = row?;
        by_kind.insert(kind, sum);
    }
    let mut units: BTreeMap<String, i64> = BTreeMap::new();
    let mut statement = connection.prepare_cached(
        "SELECT b.emission, COUNT(*) FROM units u JOIN blocks b ON b.id = u.block_id
         WHERE u.sold_at >= ?1 AND u.sold_at < ?2 GROUP BY b.emission",
    )?;
    for row in statement.query_map(params![from, to], |row| Ok((row.get(0)?, row.get(1)?)))? {
        let (emission, count): (String, i64) = row?;
        units.insert(emission, count);
    }
    Ok(totals_value(&by_kind, &units))
}

/// The database's closings, in order.
pub(crate) fn closings(connection: &Connection) -> rusqlite::Result<Vec<Closing>> {
    connection
        .prepare(
            "SELECT counter, kind, label, made_at, body, signature FROM closings ORDER BY counter",
        )?
        .query_map([], |row| {
            let kind: String = row.get(1)?;
            Ok(Closing {
                counter: row.get(0)?,
                period: match kind.as_str() {
                    "day" => Period::Day,
                    "month" => Period::Month,
                    "year" => Period::Year,
                    _ => Period::Demand,
                },
                label: row.get(2)?,
                made_at: row.get(3)?,
                body: row.get(4)?,
                signature: row.get(5)?,
            })
        })?
        .collect()
}

/// Makes a closing of `period` named `label` at `now`, on the chain's `head`.
pub(crate) fn close(
    connection: &Connection,
    key: &ClosingKey,
    head: &Head,
    period: Period,
    label: &str,
    now: &str,
) -> rusqlite::Result<Closing> {
    let last: Option<(i64, String, Vec<u8>)> = connection
        .query_row(
            "SELECT counter, made_at, signature FROM closings ORDER BY counter DESC LIMIT 1",
            [],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
        )
        .optional()?;
    let counter = last.as_ref().map_or(1, |(counter, _, _)| counter + 1);
    let (from, to) = period.bounds(label).unwrap_or_else(|| {
        (
            last.as_ref()
                .map(|(_, made_at, _)| made_at.clone())
                .unwrap_or_default(),
            "9999".to_owned(),
        )
    });
    let database_id: String =
        connection.query_row("SELECT database_id FROM store_identity", [], |row| {
            row.get(0)
        })?;
    let (last_ledger, last_unit): (i64, i64) = connection.query_row(
        "SELECT (SELECT COALESCE(MAX(id), 0) FROM ledger), (SELECT COALESCE(MAX(id), 0) FROM units)",
        [],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )?;
    let body = json!({
        "format": FORMAT,
        "database_id": database_id,
        "counter": counter,
        "period": { "kind": period.name(), "label": label, "from": from, "to": to },
        "made_at": now,
        "chain": { "seq": head.seq, "mac": hex::encode(&head.mac) },
        "last_ledger_id": last_ledger,
        "last_unit_id": last_unit,
        "perpetual": totals(connection, None, None)?,
        "period_totals": totals(connection, Some(&from), Some(&to))?,
        "previous_signature": last.as_ref().map(|(_, _, signature)| hex::encode(signature)),
        "public_key": key.public(),
    });
    let body = serde_json::to_string(&body)
        .map_err(|error| rusqlite::Error::ToSqlConversionFailure(Box::new(error)))?;
    let signature = key.sign(body.as_bytes()).to_vec();
    connection.execute(
        "INSERT INTO closings (counter, kind, label, made_at, body, signature) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![counter, period.name(), label, now, body, signature],
    )?;
    Ok(Closing {
        counter,
        period,
        label: label.to_owned(),
        made_at: now.to_owned(),
        body,
        signature,
    })
}

/// The closings due at the first write after `head`, at `now`: the day of
/// the last record if `now` is a later day, its month and year if they ended.
pub(crate) fn close_ended_periods(
    connection: &Connection,
    key: &ClosingKey,
    head: &Head,
    now: &str,
) -> rusqlite::Result<()> {
    for period in [Period::Day, Period::Month, Period::Year] {
        let length = period.label_length();
        let (Some(last), Some(current)) = (head.at.get(..length), now.get(..length)) else {
            continue;
        };
        if current > last {
            close(connection, key, head, period, last, now)?;
        }
    }
    Ok(())
}

/// Totals as a closing's body holds them.
pub(crate) fn totals_value(
    by_kind: &BTreeMap<String, i64>,
    units: &BTreeMap<String, i64>,
) -> Value {
    let sum = |kind: &str| by_kind.get(kind).copied().unwrap_or(0);
    json!({
        "staked_cents": -sum("stake"),
        "prizes_cents": sum("prize"),
        "refunds_cents": sum("refund"),
        "deposits_cents": sum("deposit"),
        "withdrawals_cents": -sum("withdrawal"),
        "units": units,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closing_key_is_never_shown() {
        let seal = SealKey::for_tests([3; 32]);
        let key = ClosingKey::of(&seal);
        let shown = format!("{key:?}");
        assert_eq!(shown, "ClosingKey(<secret>)");
        assert!(!shown.contains(&key.public()));
    }
}
