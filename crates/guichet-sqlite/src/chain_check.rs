//! The chain checked: every link walked (its place, its MAC, its date) and
//! every row compared with its last link, for `verify`; and, at every open
//! to write, the rows the store acts on at once (`guard`): what the chain
//! holds, made and kept in `chain`, vouched for.

use std::collections::{HashMap, HashSet};

use rusqlite::{Connection, OptionalExtension as _};

use crate::chain::{
    CHAINED, ChainKey, GUARDED, Link, SAYINGS, chained_at, guarded_rows, version_of,
};

/// A protection record, or the last ledger entry, that a link holds but the
/// table no longer does: a break or a limit taken out, a withdrawal undone.
fn removed(connection: &Connection) -> rusqlite::Result<Option<String>> {
    let gone: Option<String> = connection
        .query_row(
            &format!(
                "SELECT 'protection ' || row_key FROM (
                     SELECT DISTINCT row_key FROM chain INDEXED BY chain_of_guarded_rows
                     WHERE {} AND record = 'protection')
                 WHERE CAST(row_key AS INTEGER) NOT IN (SELECT id FROM protection) LIMIT 1",
                guarded_rows()
            ),
            [],
            |row| row.get(0),
        )
        .optional()?;
    if let Some(gone) = gone {
        return Ok(Some(format!(
            "{gone} was deleted: a link of the chain holds it"
        )));
    }
    // The last ledger link is a few links from the head: a purchase writes
    // one, a deposit one.
    let last: Option<String> = connection
        .query_row(
            "SELECT row_key FROM chain NOT INDEXED WHERE record = 'ledger' ORDER BY seq DESC LIMIT 1",
            [],
            |row| row.get(0),
        )
        .optional()?;
    let Some(last) = last else {
        return Ok(None);
    };
    let there: bool = connection.query_row(
        "SELECT EXISTS (SELECT 1 FROM ledger WHERE id = CAST(?1 AS INTEGER))",
        [&last],
        |row| row.get(0),
    )?;
    Ok((!there).then(|| format!("ledger {last} was deleted: a link of the chain holds it")))
}

/// The first of the rows a running store acts on at once (`GUARDED`) that
/// its last link does not vouch for — no link, another content, a MAC that
/// does not verify under `key` — named; `None` when each is vouched for.
/// Links made before the seal key was replaced (a `rekey` link whose own
/// MAC verifies) are held to their content only. The cost is a few indexed reads, whatever the file's size (every
/// protection record: a player sets a handful).
pub(crate) fn guard(connection: &Connection, key: &ChainKey) -> rusqlite::Result<Option<String>> {
    if let Some(gone) = removed(connection)? {
        return Ok(Some(gone));
    }
    let rekeyed_at = match rekeyed_at(connection, key)? {
        Ok(seq) => seq,
        Err(finding) => return Ok(Some(finding)),
    };
    let version = version_of(connection)?;
    for (table, every) in GUARDED {
        let Some(chained) = CHAINED.iter().find(|chained| chained.table == *table) else {
            continue;
        };
        let limit = if *every { "" } else { " LIMIT 1" };
        let mut rows = connection.prepare(&format!(
            "{} ORDER BY {} DESC{limit}",
            chained.rows_sql(version),
            chained.order
        ))?;
        let rows: Vec<(String, String)> = rows
            .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
        for (row_key, content) in rows {
            let name = format!("{table} {row_key}");
            let link = last_link(connection, table, &row_key)?;
            let Some(link) = link else {
                return Ok(Some(format!("{name} is in no link of the chain")));
            };
            if link.content.as_deref() != Some(content.as_str()) {
                return Ok(Some(format!(
                    "{name} was changed after chain link {}",
                    link.seq
                )));
            }
            if link.seq < rekeyed_at {
                continue;
            }
            if !made_with(connection, key, &link)? {
                return Ok(Some(format!(
                    "{name}: its chain link {} was made without the key",
                    link.seq
                )));
            }
        }
    }
    Ok(None)
}

/// The place of the last `rekey` link (0 for none): the links before it
/// were made with an earlier key. It must itself be the key's — a link
/// `rekey` made without it would otherwise excuse every link before it —
/// else the finding. A walk back from the head: read only at an open, or
/// once a link has failed its MAC.
fn rekeyed_at(connection: &Connection, key: &ChainKey) -> rusqlite::Result<Result<i64, String>> {
    let rekey: Option<Stored> = connection
        .prepare_cached(
            "SELECT seq, at, record, row_key, content, mac FROM chain WHERE record = 'rekey' ORDER BY seq DESC LIMIT 1",
        )?
        .query_row([], Stored::read)
        .optional()?;
    Ok(match rekey {
        None => Ok(0),
        Some(rekey) if made_with(connection, key, &rekey)? => Ok(rekey.seq),
        Some(rekey) => Err(format!(
            "chain link {} (rekey): made without the key",
            rekey.seq
        )),
    })
}

/// Whether row `id` of `table` (one of the guarded tables, keyed by id)
/// proves itself when the store is about to act on it: its content the one
/// its last link holds, that link made with `key`, and no row of the table
/// after it taken out (the rows after it all there, and no link of the row
/// after the last). `None` when it does; else the finding, one line. A few
/// indexed reads, whatever the file's size. A link made before a rekey is
/// held to its content only, as the guard holds it.
pub(crate) fn vouched(
    connection: &Connection,
    key: &ChainKey,
    table: &str,
    id: i64,
) -> rusqlite::Result<Option<String>> {
    let Some(chained) = CHAINED.iter().find(|chained| chained.table == table) else {
        return Ok(Some(format!("{table} is not chained")));
    };
    let version = version_of(connection)?;
    let content: Option<String> = connection
        .prepare_cached(&chained.row_by_id_sql(version))?
        .query_row([id], |row| row.get(1))
        .optional()?;
    let link = last_link(connection, table, &id.to_string())?;
    let name = format!("{table} {id}");
    let (Some(content), Some(link)) = (content, link) else {
        return Ok(Some(format!("{name} is in no link of the chain")));
    };
    if link.content.as_deref() != Some(content.as_str()) {
        return Ok(Some(format!(
            "{name} was changed after chain link {}",
            link.seq
        )));
    }
    if !made_with(connection, key, &link)? {
        match rekeyed_at(connection, key)? {
            // Made with the key before a rekey: held to its content only.
            Ok(rekeyed) if link.seq < rekeyed => {}
            Ok(_) => {
                return Ok(Some(format!(
                    "{name}: its chain link {} was made without the key",
                    link.seq
                )));
            }
            Err(finding) => return Ok(Some(finding)),
        }
    }
    let (last, after): (i64, i64) = connection
        .prepare_cached(&format!(
            "SELECT COALESCE(MAX(id), 0), COUNT(*) FROM {table} WHERE id > ?1"
        ))?
        .query_row([id], |row| Ok((row.get(0)?, row.get(1)?)))?;
    let last = last.max(id);
    if after != last - id {
        return Ok(Some(format!(
            "a row of {table} after {id} was deleted: {} of the {} after it are there",
            after,
            last - id
        )));
    }
    if last_link(connection, table, &(last + 1).to_string())?.is_some() {
        return Ok(Some(format!(
            "{table} {} was deleted: a link of the chain holds it",
            last + 1
        )));
    }
    Ok(None)
}

/// The last link of row `row_key` of guarded table `table`, through the
/// partial index of their links (the table named in the text, for the index
/// to serve; `INDEXED BY`: SQLite refuses the query if it cannot).
fn last_link(
    connection: &Connection,
    table: &str,
    row_key: &str,
) -> rusqlite::Result<Option<Stored>> {
    connection
        .prepare_cached(&format!(
            "SELECT seq, at, record, row_key, content, mac FROM chain INDEXED BY chain_of_guarded_rows
             WHERE {} AND record = '{table}' AND row_key = ?1 ORDER BY seq DESC LIMIT 1",
            guarded_rows()
        ))?
        .query_row([row_key], Stored::read)
        .optional()
}

/// Whether `link`'s MAC is the one `key` makes of it after the link before
/// it (one read: that link's MAC).
fn made_with(connection: &Connection, key: &ChainKey, link: &Stored) -> rusqlite::Result<bool> {
    let previous: Vec<u8> = connection
        .prepare_cached("SELECT mac FROM chain WHERE seq = ?1")?
        .query_row([link.seq - 1], |row| row.get(0))
        .optional()?
        .unwrap_or_else(|| vec![0; 32]);
    let expected = key.mac(&Link {
        seq: link.seq,
        previous: &previous,
        at: &link.at,
        record: &link.record,
        key: &link.row_key,
        content: link.content.as_deref(),
    });
    Ok(expected[..] == link.mac[..])
}

/// What walking the chain found.
#[derive(Debug, Default)]
pub(crate) struct Walk {
    /// Each fault, one line naming the link.
    pub findings: Vec<String>,
    /// Each row's last content by table and key, with the link that holds it.
    pub rows: HashMap<(String, String), (i64, Option<String>)>,
}

/// A link as stored.
struct Stored {
    seq: i64,
    at: String,
    record: String,
    row_key: String,
    content: Option<String>,
    mac: Vec<u8>,
}

impl Stored {
    /// A link from a row of `SELECT seq, at, record, row_key, content, mac`.
    fn read(row: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
        Ok(Self {
            seq: row.get(0)?,
            at: row.get(1)?,
            record: row.get(2)?,
            row_key: row.get(3)?,
            content: row.get(4)?,
            mac: row.get(5)?,
        })
    }
}

/// Walks every link: its place, its MAC under `key`, its date; and keeps
/// each row's last content. Links before the last `rekey` that verifies
/// were made with an earlier key: they are listed as unverifiable, once.
pub(crate) fn walk(connection: &Connection, key: &ChainKey) -> rusqlite::Result<Walk> {
    let mut statement = connection
        .prepare("SELECT seq, at, record, row_key, content, mac FROM chain ORDER BY seq")?;
    let links: Vec<Stored> = statement
        .query_map([], Stored::read)?
        .collect::<rusqlite::Result<_>>()?;
    let zero = [0_u8; 32];
    let verifies = |index: usize| {
        let link = &links[index];
        let previous = index
            .checked_sub(1)
            .map_or(&zero[..], |before| &links[before].mac[..]);
        key.mac(&Link {
            seq: link.seq,
            previous,
            at: &link.at,
            record: &link.record,
            key: &link.row_key,
            content: link.content.as_deref(),
        })[..]
            == link.mac[..]
    };
    let first_checked = (0..links.len())
        .rev()
        .find(|&index| links[index].record == "rekey" && verifies(index))
        .unwrap_or(0);
    let mut walk = Walk::default();
    if first_checked > 0 {
        walk.findings.push(format!(
            "chain links 1 to {}: made with an earlier seal key (replaced at link {}), unverifiable with this one",
            links[first_checked - 1].seq,
            links[first_checked].seq
        ));
    }
    match links.first() {
        None => walk
            .findings
            .push("the chain is empty: no record is chained".to_owned()),
        Some(first) if first.record != "genesis" => walk.findings.push(format!(
            "chain link {}: the chain does not begin with its genesis",
            first.seq
        )),
        Some(_) => {}
    }
    for (index, link) in links.iter().enumerate() {
        let expected = index
            .checked_sub(1)
            .map_or(1, |before| links[before].seq + 1);
        let name = format!("chain link {} ({} {})", link.seq, link.record, link.row_key);
        if link.seq != expected {
            walk.findings.push(format!(
                "{name}: follows link {} — links {expected} to {} are missing",
                expected - 1,
                link.seq - 1
            ));
        }
        if index >= first_checked && !verifies(index) {
            walk.findings.push(format!(
                "{name}: its MAC does not match — written, changed or moved without the key"
            ));
        }
        if let Some(before) = index.checked_sub(1).map(|before| &links[before])
            && link.at < before.at
        {
            walk.findings.push(format!(
                "{name}: dated {}, before the link before it ({})",
                link.at, before.at
            ));
        }
        if !SAYINGS.contains(&link.record.as_str()) {
            if !CHAINED.iter().any(|chained| chained.table == link.record) {
                walk.findings
                    .push(format!("{name}: no such chained record"));
            }
            walk.rows.insert(
                (link.record.clone(), link.row_key.clone()),
                (link.seq, link.content.clone()),
            );
        }
    }
    Ok(walk)
}

/// Every row of every chained table against its last link: a row no link
/// names, a row changed since its link, a row its link holds but the table
/// no longer does.
pub(crate) fn rows_against(connection: &Connection, walk: &Walk) -> rusqlite::Result<Vec<String>> {
    let mut findings = Vec::new();
    let mut seen: HashSet<(String, String)> = HashSet::new();
    let version = version_of(connection)?;
    for chained in chained_at(version) {
        let mut statement = connection.prepare(&chained.rows_sql(version))?;
        let rows = statement.query_map([], |row| {
            Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?))
        })?;
        for row in rows {
            let (row_key, content) = row?;
            let name = format!("{} {row_key}", chained.table);
            let at = (chained.table.to_owned(), row_key);
            match walk.rows.get(&at) {
                None => findings.push(format!(
                    "{name}: in no link of the chain — written without the key"
                )),
                Some((seq, Some(kept))) if *kept != content => findings.push(format!(
                    "{name}: changed since chain link {seq} (was {}, is {})",
                    shorten(kept),
                    shorten(&content)
                )),
                Some((seq, None)) => findings.push(format!(
                    "{name}: written again after chain link {seq} deleted it"
                )),
                Some(_) => {}
            }
            seen.insert(at);
        }
    }
    let mut gone: Vec<(&(String, String), &i64)> = walk
        .rows
        .iter()
        .filter(|(at, (_, content))| content.is_some() && !seen.contains(*at))
        .map(|(at, (seq, _))| (at, seq))
        .collect();
    gone.sort_by_key(|(_, seq)| **seq);
    for ((table, row_key), seq) in gone {
        findings.push(format!(
            "{table} {row_key}: deleted — chain link {seq} holds it"
        ));
    }
    Ok(findings)
}

/// A row's content cut for a one-line finding.
fn shorten(content: &str) -> String {
    const SHOWN: usize = 120;
    if content.chars().count() <= SHOWN {
        content.to_owned()
    } else {
        let cut: String = content.chars().take(SHOWN).collect();
        format!("{cut}…")
    }
}

#[cfg(test)]
mod index_tests {
    use super::*;

    #[test]
    fn the_guard_reads_the_links_of_its_rows_through_the_index() {
        let mut connection = Connection::open_in_memory().unwrap();
        crate::schema::migrate(
            &mut connection,
            0,
            &crate::schema::MigrationContext {
                seal: None,
                database_id: "00000000000000000000000000000000",
                now: "2026-12-02T00:00:00Z",
            },
        )
        .unwrap();
        for (table, _) in GUARDED {
            let plan: String = connection
                .query_row(
                    &format!(
                        "EXPLAIN QUERY PLAN SELECT seq FROM chain INDEXED BY chain_of_guarded_rows
                         WHERE {} AND record = '{table}' AND row_key = '1' ORDER BY seq DESC LIMIT 1",
                        guarded_rows()
                    ),
                    [],
                    |row| row.get(3),
                )
                .unwrap();
            assert!(plan.contains("chain_of_guarded_rows"), "{table}: {plan}");
        }
    }
}
