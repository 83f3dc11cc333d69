//! The store on PostgreSQL, for a network of kiosks — its first part: the
//! schema, a kiosk role that never sees a secret, blocks opened by the
//! operator's tool, player accounts, and the sale of the next unit of an
//! emission.
//!
//! The operator's tool connects as the schema's owner: it holds each block's
//! seed, computes every unit's tier with the core ([`Block::walk`]) and stores
//! them in a table the kiosk role cannot read; it credits the players'
//! accounts. A kiosk connects as the kiosk role and may only call
//! `guichet.sell` and `guichet.buy` (which return the unit sold and nothing
//! else; `buy` pays for it from a player's account) and read
//! `guichet.public_blocks` (commitments, sales, and the seed of a block once it
//! is closed). See `schema.sql`.

use guichet_core::block::{Block, Commitment, Seed};
use guichet_core::emission::Emission;
use guichet_core::money::Cents;
use postgres::{Client, Config, NoTls};

/// The schema, version 1.
const SCHEMA: &str = include_str!("schema.sql");

/// Units per row of `guichet.block_tiers` (as `schema.sql`'s `sell` reads them).
const CHUNK: u32 = 4096;

/// A unit's tier byte when it loses.
const LOSING: u8 = 255;

/// The kiosk role's name when none is chosen.
pub const KIOSK_ROLE: &str = "guichet_kiosk";

/// What went wrong with the network's database.
#[derive(Debug, thiserror::Error)]
pub enum NetworkError {
    /// The server refused or failed (connection, permission, a constraint).
    #[error("PostgreSQL: {}", describe(.0))]
    Postgres(postgres::Error),
    /// A role name that is not a plain lower-case identifier.
    #[error("{0:?} is not a role name (lower-case letters, digits and _ only)")]
    RoleName(String),
    /// A deposit of zero or less.
    #[error("a deposit is more than 0, not {0}")]
    NotPositive(Cents),
    /// An emission has more tiers than a byte can number.
    #[error("emission {0} has too many tiers to store")]
    TooManyTiers(String),
}

impl From<postgres::Error> for NetworkError {
    fn from(error: postgres::Error) -> Self {
        Self::Postgres(error)
    }
}

/// The server's own words for `error` when it has some ("db error" otherwise).
fn describe(error: &postgres::Error) -> String {
    error
        .as_db_error()
        .map_or_else(|| error.to_string(), |db| db.message().to_owned())
}

/// The operator's connection: the schema's owner.
pub struct Operator {
    client: Client,
}

impl Operator {
    /// Connects to the database at `url` (`postgres://user:password@host/db`).
    ///
    /// # Errors
    /// When the server cannot be reached or refuses the login.
    pub fn connect(url: &str) -> Result<Self, NetworkError> {
        Ok(Self {
            client: Client::connect(url, NoTls)?,
        })
    }

    /// Connects with `config`.
    ///
    /// # Errors
    /// When the server cannot be reached or refuses the login.
    pub fn connect_with(config: &Config) -> Result<Self, NetworkError> {
        Ok(Self {
            client: config.connect(NoTls)?,
        })
    }

    /// Credits `amount` to player `name`'s account (opened if new), at the
    /// operator's desk `desk`. Returns the balance after.
    ///
    /// # Errors
    /// An amount that is not positive; the server's refusal.
    pub fn deposit(
        &mut self,
        name: &str,
        amount: Cents,
        desk: &str,
    ) -> Result<Cents, NetworkError> {
        if !amount.is_positive() {
            return Err(NetworkError::NotPositive(amount));
        }
        let mut transaction = self.client.transaction()?;
        let balance: i64 = transaction
            .query_one(
                "INSERT INTO guichet.players (name, balance_cents) VALUES ($1, $2)
                 ON CONFLICT (name) DO UPDATE
                 SET balance_cents = guichet.players.balance_cents + EXCLUDED.balance_cents
                 RETURNING balance_cents",
                &[&name, &amount.0],
            )?
            .get(0);
        transaction.execute(
            "INSERT INTO guichet.ledger (player_id, kind, amount_cents, balance_after_cents, kiosk)
             SELECT id, 'deposit', $2, $3, $4 FROM guichet.players WHERE name = $1",
            &[&name, &amount.0, &balance, &desk],
        )?;
        transaction.commit()?;
        Ok(Cents(balance))
    }

    /// Player `name`'s balance, and whether their ledger explains it: each
    /// entry's balance after is the one before plus its amount, the last one
    /// the balance.
    ///
    /// # Errors
    /// No such player; the server's refusal.
    pub fn account(&mut self, name: &str) -> Result<(Cents, bool), NetworkError> {
        let balance: i64 = self
            .client
            .query_one(
                "SELECT balance_cents FROM guichet.players WHERE name = $1",
                &[&name],
            )?
            .get(0);
        let entries = self.client.query(
            "SELECT l.amount_cents, l.balance_after_cents FROM guichet.ledger l
             JOIN guichet.players p ON p.id = l.player_id WHERE p.name = $1 ORDER BY l.id",
            &[&name],
        )?;
        let mut running = 0_i64;
        let mut balanced = true;
        for entry in &entries {
            let amount: i64 = entry.get(0);
            let after: i64 = entry.get(1);
            running += amount;
            balanced &= running == after && after >= 0;
        }
        Ok((Cents(balance), balanced && running == balance))
    }

    /// Every unit of `emission` sold, by block and index.
    ///
    /// # Errors
    /// The server's refusal.
    pub fn sales(&mut self, emission: &Emission) -> Result<Vec<Sale>, NetworkError> {
        let rows = self.client.query(
            "SELECT b.number, s.unit_index, s.tier FROM guichet.sales s
             JOIN guichet.blocks b ON b.id = s.block_id
             WHERE b.emission = $1 ORDER BY b.number, s.unit_index",
            &[&emission.code()],
        )?;
        Ok(rows.iter().map(sale_of).collect())
    }

    /// Creates the schema (in an empty database) and the kiosk role `role`
    /// with `password`, which may sell units and read the public blocks, and
    /// nothing else. The role is created if it does not exist.
    ///
    /// # Errors
    /// A bad role name; the server's refusal (the schema already exists, no
    /// right to create roles).
    pub fn install(&mut self, role: &str, password: &str) -> Result<(), NetworkError> {
        if role.is_empty()
            || !role
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        {
            return Err(NetworkError::RoleName(role.to_owned()));
        }
        let mut transaction = self.client.transaction()?;
        transaction.batch_execute(SCHEMA)?;
        let exists = transaction
            .query_opt("SELECT 1 FROM pg_roles WHERE rolname = $1", &[&role])?
            .is_some();
        let literal = password.replace('\'', "''");
        let verb = if exists { "ALTER" } else { "CREATE" };
        transaction.batch_execute(&format!(
            "{verb} ROLE {role} LOGIN PASSWORD '{literal}';
             GRANT USAGE ON SCHEMA guichet TO {role};
             GRANT SELECT ON guichet.public_blocks TO {role};
             GRANT EXECUTE ON FUNCTION guichet.sell(text, text) TO {role};
             GRANT EXECUTE ON FUNCTION guichet.buy(text, text, text) TO {role};"
        ))?;
        transaction.commit()?;
        Ok(())
    }

    /// Opens block `number` of `emission` under `seed`: its commitment, its
    /// seed kept secret, and every unit's tier. Returns the commitment.
    ///
    /// # Errors
    /// The server's refusal (the block is already open: each opens once).
    pub fn open_block(
        &mut self,
        emission: &'static Emission,
        number: u32,
        seed: &Seed,
    ) -> Result<Commitment, NetworkError> {
        if emission.tiers.len() >= usize::from(LOSING) {
            return Err(NetworkError::TooManyTiers(emission.code()));
        }
        let block = Block::open(emission, number, seed);
        let commitment = block.commitment();
        let seed_bytes = hex::decode(seed.expose_hex()).unwrap_or_default();
        let number = i32::try_from(number).unwrap_or(i32::MAX);
        let size = i32::try_from(block.size()).unwrap_or(i32::MAX);
        let mut transaction = self.client.transaction()?;
        transaction.execute(
            "INSERT INTO guichet.emissions (code, stake_cents) VALUES ($1, $2)
             ON CONFLICT DO NOTHING",
            &[&emission.code(), &emission.stake.0],
        )?;
        let id: i64 = transaction
            .query_one(
                "INSERT INTO guichet.blocks (emission, number, size, commitment)
                 VALUES ($1, $2, $3, $4) RETURNING id",
                &[&emission.code(), &number, &size, &commitment.0.as_slice()],
            )?
            .get(0);
        transaction.execute(
            "INSERT INTO guichet.block_seeds (block_id, seed) VALUES ($1, $2)",
            &[&id, &seed_bytes],
        )?;
        let insert = transaction.prepare(
            "INSERT INTO guichet.block_tiers (block_id, chunk, tiers) VALUES ($1, $2, $3)",
        )?;
        let mut failure = None;
        let walked = block.walk(CHUNK, |first, tiers| {
            let bytes: Vec<u8> = tiers
                .iter()
                .map(|tier| tier.map_or(LOSING, |tier| u8::try_from(tier).unwrap_or(LOSING)))
                .collect();
            let chunk = i32::try_from(first / CHUNK).unwrap_or(i32::MAX);
            transaction
                .execute(&insert, &[&id, &chunk, &bytes])
                .map(|_| ())
                .map_err(|error| failure = Some(error))
        });
        if let (Err(()), Some(error)) = (walked, failure) {
            return Err(error.into());
        }
        transaction.commit()?;
        Ok(commitment)
    }
}

/// A unit sold to a kiosk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sale {
    /// The block it belongs to.
    pub block: u32,
    /// Its index in the block.
    pub index: u32,
    /// Its tier in the emission's table, `None` when it loses.
    pub tier: Option<usize>,
}

/// The sale in `row`: block number, unit index, tier.
fn sale_of(row: &postgres::Row) -> Sale {
    let block: i32 = row.get(0);
    let index: i32 = row.get(1);
    let tier: Option<i16> = row.get(2);
    Sale {
        block: u32::try_from(block).unwrap_or_default(),
        index: u32::try_from(index).unwrap_or_default(),
        tier: tier.and_then(|tier| usize::try_from(tier).ok()),
    }
}

/// A block as anybody may see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicBlock {
    /// Its number in the emission.
    pub number: u32,
    /// Its units.
    pub size: u32,
    /// Units sold.
    pub sold: u32,
    /// Its commitment.
    pub commitment: [u8; 32],
    /// Its seed, once it is closed.
    pub seed: Option<Vec<u8>>,
}

/// A kiosk's connection, as the kiosk role.
pub struct Kiosk {
    client: Client,
    name: String,
}

impl Kiosk {
    /// Connects kiosk `name` to the database at `url`.
    ///
    /// # Errors
    /// When the server cannot be reached or refuses the login.
    pub fn connect(url: &str, name: &str) -> Result<Self, NetworkError> {
        Ok(Self {
            client: Client::connect(url, NoTls)?,
            name: name.to_owned(),
        })
    }

    /// Connects kiosk `name` with `config`.
    ///
    /// # Errors
    /// When the server cannot be reached or refuses the login.
    pub fn connect_with(config: &Config, name: &str) -> Result<Self, NetworkError> {
        Ok(Self {
            client: config.connect(NoTls)?,
            name: name.to_owned(),
        })
    }

    /// Buys the next unit of `emission`.
    ///
    /// # Errors
    /// No block of the emission is open; the server's refusal.
    pub fn sell(&mut self, emission: &Emission) -> Result<Sale, NetworkError> {
        let row = self.client.query_one(
            "SELECT block_number, unit_index, tier FROM guichet.sell($1, $2)",
            &[&emission.code(), &self.name],
        )?;
        Ok(sale_of(&row))
    }

    /// Buys the next unit of `emission` for player `player`, paid from their
    /// account: the unit, and the balance after.
    ///
    /// # Errors
    /// The balance is below the stake (nothing is sold); no block is open; the
    /// server's refusal.
    pub fn buy(
        &mut self,
        emission: &Emission,
        player: &str,
    ) -> Result<(Sale, Cents), NetworkError> {
        let row = self.client.query_one(
            "SELECT block_number, unit_index, tier, balance_cents FROM guichet.buy($1, $2, $3)",
            &[&emission.code(), &self.name, &player],
        )?;
        let balance: i64 = row.get(3);
        Ok((sale_of(&row), Cents(balance)))
    }

    /// The blocks of `emission`, by number.
    ///
    /// # Errors
    /// The server's refusal.
    pub fn public_blocks(&mut self, emission: &Emission) -> Result<Vec<PublicBlock>, NetworkError> {
        let rows = self.client.query(
            "SELECT number, size, sold, commitment, seed FROM guichet.public_blocks
             WHERE emission = $1 ORDER BY number",
            &[&emission.code()],
        )?;
        Ok(rows
            .iter()
            .map(|row| {
                let number: i32 = row.get(0);
                let size: i32 = row.get(1);
                let sold: i32 = row.get(2);
                let commitment: Vec<u8> = row.get(3);
                PublicBlock {
                    number: u32::try_from(number).unwrap_or_default(),
                    size: u32::try_from(size).unwrap_or_default(),
                    sold: u32::try_from(sold).unwrap_or_default(),
                    commitment: commitment.try_into().unwrap_or_default(),
                    seed: row.get(4),
                }
            })
            .collect())
    }
}
