//! Archives: a period of a kiosk's records — every link of the chain dated
//! in it (each record's content, place, time and MAC), the closings of the
//! period, the public key — in one JSON file signed with the closing key, so
//! that it can be checked without the database (`check_archive`): its
//! signature, each closing's, the links in order and unbroken, each closing
//! on a link of the archive (docs/FORMATS.md).

use jiff::civil::Date;
use rusqlite::OptionalExtension as _;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::closing::{ClosingKey, signed_by};
use crate::kiosk_key::KioskKey;
use crate::sqlite_error::OnFile as _;
use crate::store::{Seal, Store};
use guichet_sale::time::stamp;
use guichet_sale::{Period, StoreError};

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
    /// The public key it is signed with (hex): the kiosk's when it was
    /// checked against it, else only the key the file names.
    pub public_key: String,
    /// Whether that key is the kiosk's given to the check, not the file's own.
    pub key_trusted: bool,
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
                    .optional()
                    .on(&self.file.path)?,
                None => None,
            };
        let mut closings: Vec<Value> = Vec::new();
        for closing in self.closings()? {
            // A closing of the days archived: a day, month or year within
            // them, or an operator's made in them. A body that is not its
            // JSON, or names no period, stops the archive: never left out.
            let body: ClosingSpan = serde_json::from_str(&closing.body).map_err(|error| {
                self.inconsistent(format!("closing {}'s body: {error}", closing.counter))
            })?;
            let within = if closing.period == Period::Demand {
                start <= closing.made_at && closing.made_at < end
            } else {
                start <= body.period.from && body.period.to <= end
            };
            if within {
                closings.push(serde_json::from_str(&closing.exported()).map_err(|error| {
                    self.inconsistent(format!("closing {} exported: {error}", closing.counter))
                })?);
            }
        }
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

/// Checks an archive without its database: signed by the kiosk's key
/// `kiosk` (without it, by the key the file names, which proves nothing of
/// who signed), each closing too, its links in order and unbroken, dated in
/// its days, and each closing of a link it holds on that very link.
///
/// # Errors
/// Each fault, one line each (the first one alone when it is not an archive
/// or not signed by `kiosk`).
pub fn check_archive(text: &str, kiosk: Option<&KioskKey>) -> Result<ArchiveSummary, Vec<String>> {
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
    if let Some(refusal) = kiosk.and_then(|kiosk| kiosk.refusal(&public_key)) {
        return Err(one(refusal));
    }
    // A signature that is missing or not hex matches no content: said as
    // the forgery it is, below.
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
    let read = ArchiveRead::deserialize(archive)
        .map_err(|error| one(format!("it is not an archive: {error}")))?;
    let faults = faults_of(&read, &public_key, &database_id);
    if faults.is_empty() {
        Ok(ArchiveSummary {
            database_id,
            links: read.links.len(),
            closings: read.closings.len(),
            from: read.from,
            to: read.to,
            public_key,
            key_trusted: kiosk.is_some(),
        })
    } else {
        Err(faults)
    }
}

/// An archive's content as it is read back, every field of its format
/// required (docs/FORMATS.md): one missing, or of another type, is not an
/// archive — never a default. (`deserialize_with = "Option::deserialize"`
/// makes a field that may be `null` required all the same.)
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ArchiveRead {
    #[serde(rename = "format")]
    _format: String,
    #[serde(rename = "database_id")]
    _database_id: String,
    from: String,
    to: String,
    #[serde(rename = "made_at")]
    _made_at: String,
    #[serde(rename = "public_key")]
    _public_key: String,
    #[serde(rename = "previous_mac", deserialize_with = "Option::deserialize")]
    _previous_mac: Option<String>,
    links: Vec<LinkRead>,
    closings: Vec<ClosingRead>,
}

/// A link of the chain as an archive holds it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LinkRead {
    seq: i64,
    at: String,
    #[serde(rename = "record")]
    _record: String,
    #[serde(rename = "row_key")]
    _row_key: String,
    #[serde(rename = "content", deserialize_with = "Option::deserialize")]
    _content: Option<String>,
    mac: String,
}

/// A closing as an archive holds it: its body as signed, and what the
/// check reads of it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClosingRead {
    closing: Value,
    signature: String,
}

/// What the check reads of a closing's body (the rest is signed, not read).
#[derive(Deserialize)]
struct ClosingHead {
    counter: i64,
    database_id: String,
    chain: ChainHead,
}

/// The link a closing closed on.
#[derive(Deserialize)]
struct ChainHead {
    seq: i64,
    mac: String,
}

/// What the archive's writer reads of a closing's body: its period's span.
#[derive(Deserialize)]
struct ClosingSpan {
    period: Span,
}

/// A closing's period: its first and last instants.
#[derive(Deserialize)]
struct Span {
    from: String,
    to: String,
}

/// The faults of an archive whose signature holds: its links in order,
/// unbroken and within its days, and its closings signed by `public_key`,
/// of database `database_id`, each on the link it names.
fn faults_of(archive: &ArchiveRead, public_key: &str, database_id: &str) -> Vec<String> {
    let mut faults = Vec::new();
    let (from, to) = (archive.from.as_str(), archive.to.as_str());
    let mut previous: Option<&LinkRead> = None;
    for link in &archive.links {
        let (seq, at) = (link.seq, &link.at);
        if let Some(before) = previous {
            if seq != before.seq + 1 {
                faults.push(format!(
                    "link {seq}: follows link {}: links are missing",
                    before.seq
                ));
            }
            if *at < before.at {
                faults.push(format!(
                    "link {seq}: dated {at}, before the link before it ({})",
                    before.at
                ));
            }
        }
        if at.get(..10).is_none_or(|day| day < from || day > to) {
            faults.push(format!("link {seq}: dated {at}, outside {from} to {to}"));
        }
        previous = Some(link);
    }
    for (place, exported) in archive.closings.iter().enumerate() {
        let head = match ClosingHead::deserialize(&exported.closing) {
            Ok(head) => head,
            Err(error) => {
                faults.push(format!("closing {} of the archive: {error}", place + 1));
                continue;
            }
        };
        let counter = head.counter;
        // A signature that is not hex matches nothing: the fault below.
        let signature = hex::decode(&exported.signature).unwrap_or_default();
        let body_text = exported.closing.to_string();
        if !signed_by(public_key, &body_text, &signature) {
            faults.push(format!(
                "closing {counter}: its signature is not the archive's key's"
            ));
        }
        if head.database_id != database_id {
            faults.push(format!("closing {counter}: another database's"));
        }
        let ChainHead { seq, mac } = &head.chain;
        if let Some(link) = archive.links.iter().find(|link| link.seq == *seq)
            && link.mac != *mac
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
            "format": FORMAT,
            "database_id": "id",
            "from": "2026-11-30",
            "to": "2026-11-30",
            "made_at": "2026-12-01T08:00:00Z",
            "public_key": "",
            "previous_mac": null,
            "links": links
                .iter()
                .map(|(seq, at)| json!({
                    "seq": seq, "at": at, "record": "ledger", "row_key": "1",
                    "content": null, "mac": "00",
                }))
                .collect::<Vec<_>>(),
            "closings": [],
        })
    }

    fn read(archive: &Value) -> ArchiveRead {
        ArchiveRead::deserialize(archive).expect("an archive's shape")
    }

    fn faults(links: &[(i64, &str)]) -> Vec<String> {
        faults_of(&read(&archive_of(links)), "", "id")
    }

    #[test]
    fn a_field_missing_or_of_another_type_is_not_an_archive() {
        let mut archive = archive_of(&[(4, "2026-11-30T08:00:00Z")]);
        archive["links"][0]
            .as_object_mut()
            .expect("a link")
            .remove("seq");
        let error = ArchiveRead::deserialize(&archive).err().expect("refused");
        assert!(error.to_string().contains("missing field `seq`"), "{error}");
        let mut archive = archive_of(&[]);
        archive
            .as_object_mut()
            .expect("an archive")
            .remove("previous_mac");
        let error = ArchiveRead::deserialize(&archive).err().expect("refused");
        assert!(
            error.to_string().contains("missing field `previous_mac`"),
            "{error}"
        );
        let mut archive = archive_of(&[]);
        archive["closings"] = json!("none");
        assert!(ArchiveRead::deserialize(&archive).is_err());
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
            faults_of(&read(&archive), "", "id"),
            [
                "closing 1: its signature is not the archive's key's",
                "closing 1: another database's",
                "closing 1: the link 4 it closed on is not the archive's"
            ]
        );
        archive["closings"] = json!([{ "closing": { "counter": 1 }, "signature": "00" }]);
        assert_eq!(
            faults_of(&read(&archive), "", "id"),
            ["closing 1 of the archive: missing field `database_id`"]
        );
    }
}
