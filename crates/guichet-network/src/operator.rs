//! The operator's tool on the network's database: the schema and its
//! migrations, the kiosk role's grants, blocks opened with every unit's tier,
//! accounts and sales (the desk's money and protection: `protection.rs`).

use guichet_core::block::{Block, Commitment, Seed};
use guichet_core::emission::Emission;
use guichet_core::money::Cents;
use postgres::{Client, Transaction};

use crate::endpoint::Endpoint;
use crate::error::NetworkError;
use crate::sale::{Sale, sale_of};
use crate::schema::{CHUNK, LOSING, MIGRATIONS, SCHEMA_VERSION, check_role_name};

/// The operator's connection: the schema's owner.
pub struct Operator {
    pub(crate) client: Client,
}

impl Operator {
    /// Connects to the database at `url` (`postgres://user@host/db`, as
    /// [`Endpoint`] reads it).
    ///
    /// # Errors
    /// A URL that is not one; when the server cannot be reached or refuses
    /// the login.
    pub fn connect(url: &str) -> Result<Self, NetworkError> {
        Self::connect_to(&url.parse()?)
    }

    /// Connects to `endpoint`.
    ///
    /// # Errors
    /// When the server cannot be reached, its certificate is refused, or it
    /// refuses the login.
    pub fn connect_to(endpoint: &Endpoint) -> Result<Self, NetworkError> {
        Ok(Self {
            client: endpoint.connect()?,
        })
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
    /// The server's refusal, or a sale's number below zero.
    pub fn sales(&mut self, emission: &Emission) -> Result<Vec<Sale>, NetworkError> {
        let rows = self.client.query(
            "SELECT b.number, s.unit_index, s.tier FROM guichet.sales s
             JOIN guichet.blocks b ON b.id = s.block_id
             WHERE b.emission = $1 ORDER BY b.number, s.unit_index",
            &[&emission.code()],
        )?;
        rows.iter().map(sale_of).collect()
    }

    /// Creates the schema (in an empty database), at its newest version, and
    /// the kiosk role `role` with `password`, which may call the kiosks'
    /// functions and read the public blocks, and nothing else. The role is
    /// created if it does not exist (its password set otherwise).
    ///
    /// # Errors
    /// A bad role name; the server's refusal (the schema already exists, no
    /// right to create roles).
    pub fn install(&mut self, role: &str, password: &str) -> Result<(), NetworkError> {
        check_role_name(role)?;
        let mut transaction = self.client.transaction()?;
        for migration in MIGRATIONS {
            transaction.batch_execute(migration)?;
        }
        let exists = transaction
            .query_opt("SELECT 1 FROM pg_roles WHERE rolname = $1", &[&role])?
            .is_some();
        let literal = password.replace('\'', "''");
        let verb = if exists { "ALTER" } else { "CREATE" };
        transaction.batch_execute(&format!("{verb} ROLE {role} LOGIN PASSWORD '{literal}'"))?;
        grant(&mut transaction, role)?;
        transaction.commit()?;
        Ok(())
    }

    /// Brings the schema to the newest version this build knows, in one
    /// transaction, and grants the kiosk role `role` the newest kiosks'
    /// functions. Returns the version found and the version now. A schema
    /// already at the newest version is left as it is (the grants renewed).
    ///
    /// Version 2 needs each block's unit-stream key and each emission's prizes:
    /// the operator's tool computes them from the seeds and the tables.
    ///
    /// # Errors
    /// [`NetworkError::NewerSchema`] (nothing is changed); a bad role name; the
    /// server's refusal.
    pub fn migrate(&mut self, role: &str) -> Result<(i32, i32), NetworkError> {
        check_role_name(role)?;
        let known = SCHEMA_VERSION;
        let mut transaction = self.client.transaction()?;
        let found: i32 = transaction
            .query_one("SELECT version FROM guichet.schema_version FOR UPDATE", &[])?
            .get(0);
        if found > known {
            return Err(NetworkError::NewerSchema { found, known });
        }
        for migration in MIGRATIONS
            .iter()
            .skip(usize::try_from(found).unwrap_or(usize::MAX))
        {
            transaction.batch_execute(migration)?;
        }
        fill_stream_keys_and_prizes(&mut transaction)?;
        grant(&mut transaction, role)?;
        transaction.commit()?;
        Ok((found, known))
    }

    /// Adds kiosk `name` to the network, or gives it a new secret if it was
    /// added before (its old secret then opens nothing). Returns the secret:
    /// the kiosk gives it with each call, and the database keeps only its
    /// SHA-256, so it is shown this once.
    ///
    /// # Errors
    /// A name that is empty or longer than 64 characters; no randomness from
    /// the operating system; the server's refusal.
    pub fn add_kiosk(&mut self, name: &str) -> Result<String, NetworkError> {
        if name.trim().is_empty() || name.chars().count() > 64 {
            return Err(NetworkError::KioskName(name.to_owned()));
        }
        let mut bytes = [0_u8; 32];
        getrandom::fill(&mut bytes).map_err(|error| NetworkError::Entropy(error.to_string()))?;
        let secret = hex::encode(bytes);
        self.client.execute(
            "INSERT INTO guichet.kiosks (name, secret_sha256)
             VALUES ($1, sha256(convert_to($2, 'UTF8')))
             ON CONFLICT (name) DO UPDATE
             SET secret_sha256 = EXCLUDED.secret_sha256, added_at = now()",
            &[&name, &secret],
        )?;
        Ok(secret)
    }

    /// Hands every pack kiosk `name` holds with units left back to the
    /// reserve (a kiosk taken away, say): the next kiosk short of a pack goes
    /// on where it stopped. Returns the packs handed back.
    ///
    /// # Errors
    /// The server's refusal.
    pub fn return_packs(&mut self, name: &str) -> Result<u32, NetworkError> {
        let returned: i32 = self
            .client
            .query_one("SELECT guichet.return_packs($1)", &[&name])?
            .get(0);
        Ok(u32::try_from(returned).unwrap_or_default())
    }

    /// Sets player `card`'s PIN, which they sign in at a kiosk with: 4 to 8
    /// digits, kept on the server as a bcrypt hash. Clears the wrong guesses
    /// counted and a lock.
    ///
    /// # Errors
    /// A PIN that is not 4 to 8 digits; no such player; the server's refusal.
    pub fn set_pin(&mut self, card: &str, pin: &str) -> Result<(), NetworkError> {
        if !guichet_sale::is_player_pin(pin) {
            return Err(NetworkError::PinFormat);
        }
        self.client
            .execute("SELECT guichet.set_pin($1, $2)", &[&card, &pin])?;
        Ok(())
    }

    /// The closings kiosk `kiosk` sent, in order: each one's number, body and
    /// signature, as the kiosk made them.
    ///
    /// # Errors
    /// The server's refusal.
    pub fn kiosk_closings(
        &mut self,
        kiosk: &str,
    ) -> Result<Vec<(i64, String, Vec<u8>)>, NetworkError> {
        Ok(self
            .client
            .query(
                "SELECT counter, body, signature FROM guichet.kiosk_closings WHERE kiosk = $1 ORDER BY counter",
                &[&kiosk],
            )?
            .iter()
            .map(|row| (row.get(0), row.get(1), row.get(2)))
            .collect())
    }

    /// The number of the next block of `emission` to open: one after the last
    /// opened, 0 for the first.
    ///
    /// # Errors
    /// The server's refusal.
    pub fn next_block(&mut self, emission: &Emission) -> Result<u32, NetworkError> {
        let next: i32 = self
            .client
            .query_one(
                "SELECT coalesce(max(number) + 1, 0) FROM guichet.blocks WHERE emission = $1",
                &[&emission.code()],
            )?
            .get(0);
        u32::try_from(next).map_err(|_| NetworkError::Unexpected(format!("block number {next}")))
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
        insert_prizes(&mut transaction, emission)?;
        let id: i64 = transaction
            .query_one(
                "INSERT INTO guichet.blocks (emission, number, size, commitment, stream_key)
                 VALUES ($1, $2, $3, $4, $5) RETURNING id",
                &[
                    &emission.code(),
                    &number,
                    &size,
                    &commitment.0.as_slice(),
                    &block.unit_streams().0.as_slice(),
                ],
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

/// What the kiosk role may call, each function by its signature: the
/// kiosks' functions of the newest schema, and nothing else.
pub(crate) const KIOSK_FUNCTIONS: [&str; 14] = [
    "guichet.try_pin(text, text, text, text)",
    "guichet.sign_in(text, text, bigint)",
    "guichet.sign_out(text, text, text)",
    "guichet.buy(text, text, text, text, integer)",
    "guichet.units(text, text, text, bigint)",
    "guichet.reveal(text, text, text, bigint, integer, text[])",
    "guichet.settle(text, text, text, bigint)",
    "guichet.play_out(text, text, text, bigint, integer, text[])",
    "guichet.player_units(text, text, text, integer)",
    "guichet.player_balance(text, text, text)",
    "guichet.player_net(text, text, text, bigint)",
    "guichet.player_protection(text, text, text)",
    "guichet.record_closing(text, text, bigint, text, bytea)",
    "guichet.last_closing(text, text)",
];

/// Grants kiosk role `role` [`KIOSK_FUNCTIONS`] and the public blocks:
/// nothing else. Everything granted before — to it or to PUBLIC, on any
/// function or table of the schema — is taken back first, so a function an
/// older version granted is nobody's once a migration drops or replaces it.
fn grant(transaction: &mut Transaction<'_>, role: &str) -> Result<(), NetworkError> {
    let granted = KIOSK_FUNCTIONS
        .map(|function| format!("GRANT EXECUTE ON FUNCTION {function} TO {role};"))
        .join("\n");
    transaction.batch_execute(&format!(
        "REVOKE ALL ON ALL FUNCTIONS IN SCHEMA guichet FROM PUBLIC, {role};
         REVOKE ALL ON ALL TABLES IN SCHEMA guichet FROM PUBLIC, {role};
         REVOKE ALL ON ALL SEQUENCES IN SCHEMA guichet FROM PUBLIC, {role};
         GRANT USAGE ON SCHEMA guichet TO {role};
         GRANT SELECT ON guichet.public_blocks TO {role};
         {granted}"
    ))?;
    Ok(())
}

/// Records `emission`'s prizes by tier, if they are not yet.
fn insert_prizes(
    transaction: &mut Transaction<'_>,
    emission: &Emission,
) -> Result<(), NetworkError> {
    let insert = transaction.prepare(
        "INSERT INTO guichet.prizes (emission, tier, prize_cents) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING",
    )?;
    for (tier, entry) in emission.tiers.iter().enumerate() {
        let tier = i16::try_from(tier).map_err(|_| NetworkError::TooManyTiers(emission.code()))?;
        transaction.execute(&insert, &[&emission.code(), &tier, &entry.prize.0])?;
    }
    Ok(())
}

/// Computes the unit-stream key of every block that has none (opened before
/// version 2) from its seed, and records the prizes of every emission sold.
fn fill_stream_keys_and_prizes(transaction: &mut Transaction<'_>) -> Result<(), NetworkError> {
    let missing = transaction.query(
        "SELECT b.id, b.emission, b.number, s.seed FROM guichet.blocks b
         JOIN guichet.block_seeds s ON s.block_id = b.id WHERE b.stream_key IS NULL",
        &[],
    )?;
    for row in &missing {
        let (id, code, number, seed): (i64, String, i32, Vec<u8>) =
            (row.get(0), row.get(1), row.get(2), row.get(3));
        let emission = guichet_core::games::emission_by_code(&code)
            .ok_or_else(|| NetworkError::Unexpected(format!("no emission {code} in this build")))?;
        let seed =
            Seed::from_bytes(seed.try_into().map_err(|_| {
                NetworkError::Unexpected(format!("block {id}'s seed is not 32 bytes"))
            })?);
        let block = Block::open(emission, u32::try_from(number).unwrap_or_default(), &seed);
        transaction.execute(
            "UPDATE guichet.blocks SET stream_key = $2 WHERE id = $1",
            &[&id, &block.unit_streams().0.as_slice()],
        )?;
    }
    let codes: Vec<String> = transaction
        .query("SELECT code FROM guichet.emissions", &[])?
        .iter()
        .map(|row| row.get(0))
        .collect();
    for code in codes {
        let emission = guichet_core::games::emission_by_code(&code)
            .ok_or_else(|| NetworkError::Unexpected(format!("no emission {code} in this build")))?;
        insert_prizes(transaction, emission)?;
    }
    Ok(())
}
