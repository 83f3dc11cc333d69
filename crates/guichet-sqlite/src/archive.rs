//! Archives: a period of a kiosk's records — every link of the chain dated
//! in it (each record's content, place, time and MAC), the closings of the
//! period, the public key — in one JSON file signed with the closing key, so
//! that it can be checked without the database (`check_archive`): its
//! signature, each closing's, the links in order and unbroken, each closing
//! on a link of the archive (docs/FORMATS.md).

use jiff::civil::Date;
use serde_json::{Value, json};

use crate::closing::{ClosingKey, Period, signed_by};
use crate::sqlite_error::OnFile as _;
use crate::store::{Seal, Store};
use guichet_sale::StoreError;
use guichet_sale::time::stamp;

/// The format of an archive.
pub const FORMAT: &str = "guichet-archive/1";

/// What checking an archive found it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchiveSummary {
    /// The database it is of.
    pub database_id: String,
    /// The first and last day it covers.
    pub from: String,
    /// The last day.
    pub to: String,
    /// How many links (records) it holds.
    pub links: usize,
    /// How many closings.
    pub closings: usize,
}

/// The first instant of `date` (UTC).
fn midnight(date: Date) -> String {
    format!("{}T00:00:00Z", date.strftime("%Y-%m-%d"))
}

impl Store {
    /// The archive of the days `from` to `to` (both included, UTC), signed.
    ///
    /// # Errors
    /// [`StoreError::SealKeyLost`] without the key that signs; [`StoreError`]
    /// if the database cannot be read.
    pub fn archive(&self, from: Date, to: Date) -> Result<String, StoreError> {
        let Seal::Ready(seal) = &self.keys.seal else {
            return Err(self
                .keys
                .seal
                .key(&self.keys.seal_path)
                .err()
                .unwrap_or_else(|| self.inconsistent("no key to sign the archive with")));
        };
        let key = ClosingKey::of(seal);
        let start = midnight(from);
        let end = midnight(
            to.tomorrow()
                .map_err(|error| self.inconsistent(error.to_string()))?,
        );
        let database_id: String = self
            .file
            .connection
            .query_row("SELECT database_id FROM store_identity", [], |row| {
                row.get(0)
            })
            .on(&self.file.path)?;
        let links: Vec<Value> = self
            .file
            .connection
            .prepare(
                "SELECT seq, at, record, row_key, content, mac FROM chain
                 WHERE at >= ?1 AND at < ?2 ORDER BY seq",
            )
            .and_then(|mut statement| {
                statement
                    .query_map([&start, &end], |row| {
                        Ok(json!({
                            "seq": row.get::<_, i64>(0)?,
                            "at": row.get::<_, String>(1)?,
                            "record": row.get::<_, String>(2)?,
                            "row_key": row.get::<_, String>(3)?,
                            "content": row.get::<_, Option<String>>(4)?,
                            "mac": hex::encode(row.get::<_, Vec<u8>>(5)?),
                        }))
                    })?
                    .collect()
            })
            .on(&self.file.path)?;
        let previous_mac: Option<Vec<u8>> =
            match links.first().and_then(|link| link["seq"].as_i64()) {
                Some(first) => self
                    .file
                    .connection
                    .query_row("SELECT mac FROM chain WHERE seq = ?1", [first - 1], |row| {
                        row.get(0)
                    })
                    .ok(),
                None => None,
            };
        let closings: Vec<Value> = self
            .closings()?
            .into_iter()
            .filter(|closing| {
                // A closing of the days archived: a day, month or year
                // within them, or an operator's made in them.
                let body: Value = serde_json::from_str(&closing.body).unwrap_or(Value::Null);
                let text = |pointer: &str| {
                    body.pointer(pointer)
                        .and_then(Value::as_str)
                        .unwrap_or_default()
                        .to_owned()
                };
                if closing.period == Period::Demand {
                    start <= closing.made_at && closing.made_at < end
                } else {
                    start <= text("/period/from") && text("/period/to") <= end
                }
            })
            .map(|closing| {
                serde_json::from_str::<Value>(&closing.exported()).unwrap_or(Value::Null)
            })
            .collect();
        let archive = json!({
            "format": FORMAT,
            "database_id": database_id,
            "from": from.strftime("%Y-%m-%d").to_string(),
            "to": to.strftime("%Y-%m-%d").to_string(),
            "made_at": stamp((self.sources.clock)()),
            "public_key": key.public(),
            "previous_mac": previous_mac.map(hex::encode),
            "links": links,
            "closings": closings,
        });
        let signed = serde_json::to_string(&archive)
            .map_err(|error| self.inconsistent(error.to_string()))?;
        let signature = key.sign(signed.as_bytes());
        let mut text = serde_json::to_string_pretty(&json!({
            "archive": archive,
            "signature": hex::encode(signature),
        }))
        .map_err(|error| self.inconsistent(error.to_string()))?;
        text.push('\n');
        Ok(text)
    }
}

/// Checks an archive without its database: its signature under the public
/// key it names, each closing's, its links in order and unbroken, dated in
/// its days, and each closing of a link it holds on that very link.
///
/// # Errors
/// Each fault, one line each (the first one alone when it is not an archive).
pub fn check_archive(text: &str) -> Result<ArchiveSummary, Vec<String>> {
    let one = |fault: String| vec![fault];
    let file: Value = serde_json::from_str(text)
        .map_err(|error| one(format!("it is not an archive: {error}")))?;
    let archive = file
        .get("archive")
        .ok_or_else(|| one("it is not an archive: no \"archive\"".to_owned()))?;
    let text_of = |pointer: &str| {
        archive
            .pointer(pointer)
            .and_then(Value::as_str)
            .map(str::to_owned)
            .ok_or_else(|| one(format!("it is not an archive: no {pointer}")))
    };
    if text_of("/format")? != FORMAT {
        return Err(one(format!("it is not an archive of the format {FORMAT}")));
    }
    let public_key = text_of("/public_key")?;
    let database_id = text_of("/database_id")?;
    let signature = file
        .get("signature")
        .and_then(Value::as_str)
        .and_then(|signature| hex::decode(signature).ok())
        .unwrap_or_default();
    let signed = serde_json::to_string(archive).map_err(|error| one(error.to_string()))?;
    if !signed_by(&public_key, &signed, &signature) {
        return Err(one(
            "its signature does not match its content: the archive was forged or changed"
                .to_owned(),
        ));
    }
    let (from, to) = (text_of("/from")?, text_of("/to")?);
    let faults = faults_of(archive, &public_key, &database_id, (&from, &to));
    let count = |name: &str| archive[name].as_array().map_or(0, Vec::len);
    let (links, closings) = (count("links"), count("closings"));
    if faults.is_empty() {
        Ok(ArchiveSummary {
            database_id,
            from,
            to,
            links,
            closings,
        })
    } else {
        Err(faults)
    }
}

/// The faults of an archive whose signature holds: its links in order,
/// unbroken and within its days `from`–`to`, and its closings signed by
/// `public_key`, of database `database_id`, each on the link it names.
fn faults_of(
    archive: &Value,
    public_key: &str,
    database_id: &str,
    (from, to): (&str, &str),
) -> Vec<String> {
    let mut faults = Vec::new();
    let links = archive["links"].as_array().cloned().unwrap_or_default();
    let mut previous: Option<(i64, String, String)> = None;
    for link in &links {
        let seq = link["seq"].as_i64().unwrap_or_default();
        let at = link["at"].as_str().unwrap_or_default().to_owned();
        let mac = link["mac"].as_str().unwrap_or_default().to_owned();
        if let Some((before, before_at, _)) = &previous {
            if seq != before + 1 {
                faults.push(format!(
                    "link {seq}: follows link {before}: links are missing"
                ));
            }
            if at < *before_at {
                faults.push(format!(
                    "link {seq}: dated {at}, before the link before it ({before_at})"
                ));
            }
        }
        if at.get(..10).is_none_or(|day| day < from || day > to) {
            faults.push(format!("link {seq}: dated {at}, outside {from} to {to}"));
        }
        previous = Some((seq, at, mac));
    }
    let closings = archive["closings"].as_array().cloned().unwrap_or_default();
    for exported in &closings {
        let body = &exported["closing"];
        let counter = body["counter"].as_i64().unwrap_or_default();
        let signature = exported["signature"]
            .as_str()
            .and_then(|signature| hex::decode(signature).ok())
            .unwrap_or_default();
        let body_text = serde_json::to_string(body).unwrap_or_default();
        if !signed_by(public_key, &body_text, &signature) {
            faults.push(format!(
                "closing {counter}: its signature is not the archive's key's"
            ));
        }
        if body["database_id"].as_str() != Some(database_id) {
            faults.push(format!("closing {counter}: another database's"));
        }
        let head = (body["chain"]["seq"].as_i64(), body["chain"]["mac"].as_str());
        if let (Some(seq), Some(mac)) = head
            && let Some(link) = links.iter().find(|link| link["seq"].as_i64() == Some(seq))
            && link["mac"].as_str() != Some(mac)
        {
            faults.push(format!(
                "closing {counter}: the link {seq} it closed on is not the archive's"
            ));
        }
    }
    faults
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An archive of 2026-11-30 holding links `links` (seq, at) and no closing.
    fn archive_of(links: &[(i64, &str)]) -> Value {
        json!({
            "links": links
                .iter()
                .map(|(seq, at)| json!({ "seq": seq, "at": at, "mac": "00" }))
                .collect::<Vec<_>>(),
            "closings": [],
        })
    }

    fn faults(links: &[(i64, &str)]) -> Vec<String> {
        faults_of(&archive_of(links), "", "id", ("2026-11-30", "2026-11-30"))
    }

    #[test]
    fn links_in_order_within_the_days_have_no_fault() {
        assert_eq!(
            faults(&[
                (4, "2026-11-30T08:00:00Z"),
                (5, "2026-11-30T08:00:00Z"),
                (6, "2026-11-30T23:59:59Z")
            ]),
            Vec::<String>::new()
        );
    }

    #[test]
    fn a_gap_a_date_back_and_a_day_outside_are_each_a_fault() {
        assert_eq!(
            faults(&[(4, "2026-11-30T08:00:00Z"), (6, "2026-11-30T09:00:00Z")]),
            ["link 6: follows link 4: links are missing"]
        );
        assert_eq!(
            faults(&[(4, "2026-11-30T09:00:00Z"), (5, "2026-11-30T08:00:00Z")]),
            [
                "link 5: dated 2026-11-30T08:00:00Z, before the link before it (2026-11-30T09:00:00Z)"
            ]
        );
        assert_eq!(
            faults(&[(4, "2026-11-29T23:59:59Z"), (5, "2026-12-01T00:00:00Z")]),
            [
                "link 4: dated 2026-11-29T23:59:59Z, outside 2026-11-30 to 2026-11-30",
                "link 5: dated 2026-12-01T00:00:00Z, outside 2026-11-30 to 2026-11-30"
            ]
        );
    }

    #[test]
    fn a_closing_not_signed_by_the_archives_key_of_another_database_or_off_its_link_is_a_fault() {
        let mut archive = archive_of(&[(4, "2026-11-30T08:00:00Z")]);
        archive["closings"] = json!([{
            "closing": { "counter": 1, "database_id": "other", "chain": { "seq": 4, "mac": "ff" } },
            "signature": "00",
        }]);
        assert_eq!(
            faults_of(&archive, "", "id", ("2026-11-30", "2026-11-30")),
            [
                "closing 1: its signature is not the archive's key's",
                "closing 1: another database's",
                "closing 1: the link 4 it closed on is not the archive's"
            ]
        );
    }
}
