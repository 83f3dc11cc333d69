//! The links' MACs: the chain key, a link's MAC over each of its parts, and
//! the SQL functions (`guichet_chain_at`, `guichet_chain_mac`) the triggers
//! call, backed by the store's signer.

use std::sync::{Arc, Mutex, PoisonError};

use hmac::{Hmac, KeyInit as _, Mac as _};
use rusqlite::Connection;
use rusqlite::functions::FunctionFlags;
use sha2::Sha256;

use crate::seal::SealKey;

/// The key of the chain's MACs. Its `Debug` never shows it.
#[derive(Clone)]
pub(crate) struct ChainKey([u8; 32]);

impl std::fmt::Debug for ChainKey {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("ChainKey(<secret>)")
    }
}

/// One link, as its MAC covers it.
pub(crate) struct Link<'a> {
    /// Its place, from 1.
    pub seq: i64,
    /// The MAC of the link before it (32 zero bytes before the first).
    pub previous: &'a [u8],
    /// When it was written.
    pub at: &'a str,
    /// The table of its row, or `genesis` or `rekey`.
    pub record: &'a str,
    /// Its row's key.
    pub key: &'a str,
    /// Its row's content.
    pub content: Option<&'a str>,
}

impl ChainKey {
    /// The chain key of a database whose seal key is `seal`.
    pub(crate) fn of(seal: &SealKey) -> Self {
        Self(seal.derive(b"guichet/chain/v1"))
    }

    /// The MAC of `link`: every part length-prefixed, so no two links share
    /// their input.
    pub(crate) fn mac(&self, link: &Link<'_>) -> [u8; 32] {
        let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(&self.0) else {
            unreachable!("HMAC takes a key of any length")
        };
        mac.update(&link.seq.to_le_bytes());
        let content = link.content.map(str::as_bytes);
        for part in [
            Some(link.previous),
            Some(link.at.as_bytes()),
            Some(link.record.as_bytes()),
            Some(link.key.as_bytes()),
            content,
        ] {
            match part {
                Some(part) => {
                    mac.update(&[1]);
                    mac.update(&(part.len() as u64).to_le_bytes());
                    mac.update(part);
                }
                None => mac.update(&[0]),
            }
        }
        mac.finalize().into_bytes().into()
    }
}

/// What the chain's SQL functions need from the store: the key (none while
/// the seal key is lost) and the time of the write in progress (none outside
/// a write of the store's).
#[derive(Debug, Default)]
pub(crate) struct Signer {
    key: Option<ChainKey>,
    at: Option<String>,
}

/// The signer shared by the store and its connection's functions.
pub(crate) type SharedSigner = Arc<Mutex<Signer>>;

/// Runs `work` on the signer (a poisoned lock only means a panic elsewhere:
/// its state is still whole).
pub(crate) fn with_signer<T>(signer: &SharedSigner, work: impl FnOnce(&mut Signer) -> T) -> T {
    work(&mut signer.lock().unwrap_or_else(PoisonError::into_inner))
}

impl Signer {
    /// Sets the key the links are made with.
    pub(crate) fn set_key(&mut self, key: Option<ChainKey>) {
        self.key = key;
    }

    /// Sets (or, with `None`, ends) the time of the write in progress.
    pub(crate) fn set_time(&mut self, at: Option<String>) {
        self.at = at;
    }
}

/// Why a link cannot be made.
fn refusal(reason: &str) -> rusqlite::Error {
    rusqlite::Error::UserFunctionError(reason.into())
}

/// Gives `connection` the chain's SQL functions, backed by `signer`.
pub(crate) fn register(connection: &Connection, signer: &SharedSigner) -> rusqlite::Result<()> {
    let at = Arc::clone(signer);
    connection.create_scalar_function(
        "guichet_chain_at",
        0,
        FunctionFlags::SQLITE_UTF8,
        move |_| {
            with_signer(&at, |signer| signer.at.clone())
                .ok_or_else(|| refusal("a record is written only by the store"))
        },
    )?;
    let mac = Arc::clone(signer);
    connection.create_scalar_function(
        "guichet_chain_mac",
        5,
        FunctionFlags::SQLITE_UTF8,
        move |context| {
            let seq: Option<i64> = context.get(0)?;
            let previous: Vec<u8> = context.get(1)?;
            let record: String = context.get(2)?;
            let key: String = context.get(3)?;
            let content: Option<String> = context.get(4)?;
            let seq = seq.ok_or_else(|| refusal("the chain has no genesis"))?;
            with_signer(&mac, |signer| {
                let at = signer
                    .at
                    .as_deref()
                    .ok_or_else(|| refusal("a record is written only by the store"))?;
                let chain_key = signer
                    .key
                    .as_ref()
                    .ok_or_else(|| refusal("the chain key (the seal key) is lost"))?;
                Ok(chain_key
                    .mac(&Link {
                        seq,
                        previous: &previous,
                        at,
                        record: &record,
                        key: &key,
                        content: content.as_deref(),
                    })
                    .to_vec())
            })
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_s_mac_covers_each_of_its_parts() {
        let key = ChainKey([7; 32]);
        let link = Link {
            seq: 2,
            previous: &[1; 32],
            at: "2026-12-02T10:00:00Z",
            record: "ledger",
            key: "1",
            content: Some("[1]"),
        };
        let mac = key.mac(&link);
        let changed = [
            Link { seq: 3, ..link },
            Link {
                previous: &[2; 32],
                ..link
            },
            Link {
                at: "2026-12-02T10:00:01Z",
                ..link
            },
            Link {
                record: "units",
                ..link
            },
            Link { key: "2", ..link },
            Link {
                content: Some("[2]"),
                ..link
            },
            Link {
                content: None,
                ..link
            },
        ];
        for other in &changed {
            assert_ne!(key.mac(other), mac);
        }
        assert_ne!(ChainKey([8; 32]).mac(&link), mac);
        assert_eq!(key.mac(&link), mac);
    }
}
