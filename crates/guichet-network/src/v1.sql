-- Guichet on PostgreSQL, version 1: blocks and player accounts shared by a
-- network of kiosks.
--
-- The operator's tool (the owner of this schema) opens blocks: it holds the
-- seed, computes every unit's tier and stores them where no kiosk can read.
-- Kiosks log in as the kiosk role, which may only call `guichet.sell` (the
-- next unit of an emission, that unit alone), `guichet.buy` (the same, paid
-- from a player's account) and read `guichet.public_blocks` (commitments,
-- sales, and the seeds of closed blocks only).

CREATE SCHEMA guichet;
REVOKE ALL ON SCHEMA guichet FROM PUBLIC;

CREATE TABLE guichet.schema_version (
    version integer NOT NULL
);
INSERT INTO guichet.schema_version VALUES (1);

-- One row per emission sold: `sell` locks it, so that the sales of one
-- emission take their units one after the other.
CREATE TABLE guichet.emissions (
    code text PRIMARY KEY,
    stake_cents bigint NOT NULL CHECK (stake_cents > 0)
);

CREATE TABLE guichet.blocks (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    emission text NOT NULL REFERENCES guichet.emissions,
    number integer NOT NULL CHECK (number >= 0),
    size integer NOT NULL CHECK (size > 0),
    commitment bytea NOT NULL CHECK (length(commitment) = 32),
    -- Units sold: the next one sold is unit `sold`.
    sold integer NOT NULL DEFAULT 0 CHECK (sold BETWEEN 0 AND size),
    opened_at timestamptz NOT NULL DEFAULT now(),
    closed_at timestamptz,
    UNIQUE (emission, number),
    CHECK ((closed_at IS NOT NULL) = (sold = size))
);

-- The secrets: never granted to the kiosk role.
CREATE TABLE guichet.block_seeds (
    block_id bigint PRIMARY KEY REFERENCES guichet.blocks,
    seed bytea NOT NULL CHECK (length(seed) = 32)
);

-- Every unit's tier, in unit order, `chunk_size` units to a row: one byte per
-- unit, its tier's position in the emission's table, or 255 when it loses.
CREATE TABLE guichet.block_tiers (
    block_id bigint NOT NULL REFERENCES guichet.blocks,
    chunk integer NOT NULL CHECK (chunk >= 0),
    tiers bytea NOT NULL,
    PRIMARY KEY (block_id, chunk)
);

CREATE TABLE guichet.sales (
    block_id bigint NOT NULL REFERENCES guichet.blocks,
    unit_index integer NOT NULL CHECK (unit_index >= 0),
    kiosk text NOT NULL,
    tier smallint,
    sold_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (block_id, unit_index)
);

-- Player accounts: a balance never below zero, and the ledger that explains
-- it, one entry per movement with the balance after it.
CREATE TABLE guichet.players (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name text NOT NULL UNIQUE,
    balance_cents bigint NOT NULL DEFAULT 0 CHECK (balance_cents >= 0)
);

CREATE TABLE guichet.ledger (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    player_id bigint NOT NULL REFERENCES guichet.players,
    kind text NOT NULL CHECK (kind IN ('deposit', 'stake')),
    amount_cents bigint NOT NULL CHECK (amount_cents <> 0),
    balance_after_cents bigint NOT NULL CHECK (balance_after_cents >= 0),
    kiosk text NOT NULL,
    -- The unit a stake paid for.
    block_id bigint REFERENCES guichet.blocks,
    unit_index integer,
    at timestamptz NOT NULL DEFAULT now(),
    CHECK ((kind = 'stake') = (unit_index IS NOT NULL))
);

-- What anybody may know of the blocks: a seed only once its block is closed.
CREATE VIEW guichet.public_blocks AS
SELECT b.emission, b.number, b.size, b.commitment, b.sold, b.opened_at, b.closed_at,
       CASE WHEN b.closed_at IS NOT NULL THEN s.seed END AS seed
FROM guichet.blocks b
JOIN guichet.block_seeds s ON s.block_id = b.id;

-- Sells the next unit of emission `wanted` to `kiosk`: the open block of the
-- lowest number, its next unit, that unit's tier (NULL when it loses). The
-- block closes with its last unit; the next one must already be open.
CREATE FUNCTION guichet.sell(wanted text, kiosk text)
RETURNS TABLE (block_number integer, unit_index integer, tier smallint)
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    block guichet.blocks%ROWTYPE;
    chunk_size CONSTANT integer := 4096;
    found_tier integer;
BEGIN
    PERFORM 1 FROM guichet.emissions WHERE code = wanted FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no block of emission % was ever opened', wanted
            USING ERRCODE = 'GU001';
    END IF;
    SELECT * INTO block FROM guichet.blocks
    WHERE emission = wanted AND closed_at IS NULL
    ORDER BY number LIMIT 1;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no open block of emission %: the operator opens the next one', wanted
            USING ERRCODE = 'GU002';
    END IF;
    SELECT get_byte(t.tiers, block.sold % chunk_size) INTO found_tier
    FROM guichet.block_tiers t
    WHERE t.block_id = block.id AND t.chunk = block.sold / chunk_size;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'block % of emission % has no tier for unit %', block.number, wanted, block.sold
            USING ERRCODE = 'GU003';
    END IF;
    INSERT INTO guichet.sales (block_id, unit_index, kiosk, tier)
    VALUES (block.id, block.sold, kiosk, NULLIF(found_tier, 255));
    UPDATE guichet.blocks
    SET sold = sold + 1,
        closed_at = CASE WHEN sold + 1 = size THEN now() END
    WHERE id = block.id;
    RETURN QUERY SELECT block.number, block.sold, NULLIF(found_tier, 255)::smallint;
END
$$;
REVOKE ALL ON FUNCTION guichet.sell(text, text) FROM PUBLIC;

-- Sells the next unit of emission `wanted` to `kiosk` for player `who`, paid
-- from their account in the same transaction: refused, and nothing sold, when
-- the balance is below the stake. The player's row is locked first, then the
-- emission's (as `sell` does), so that two kiosks of one player wait in turn.
CREATE FUNCTION guichet.buy(wanted text, kiosk text, who text)
RETURNS TABLE (block_number integer, unit_index integer, tier smallint, balance_cents bigint)
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    player guichet.players%ROWTYPE;
    stake bigint;
    sold record;
BEGIN
    SELECT * INTO player FROM guichet.players WHERE name = who FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no player %', who USING ERRCODE = 'GU004';
    END IF;
    SELECT e.stake_cents INTO stake FROM guichet.emissions e WHERE e.code = wanted;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no block of emission % was ever opened', wanted
            USING ERRCODE = 'GU001';
    END IF;
    IF player.balance_cents < stake THEN
        RAISE EXCEPTION 'balance too low: % cents, the stake is % cents', player.balance_cents, stake
            USING ERRCODE = 'GU005';
    END IF;
    SELECT * INTO sold FROM guichet.sell(wanted, kiosk);
    UPDATE guichet.players SET balance_cents = balance_cents - stake WHERE id = player.id;
    INSERT INTO guichet.ledger
        (player_id, kind, amount_cents, balance_after_cents, kiosk, block_id, unit_index)
    SELECT player.id, 'stake', -stake, player.balance_cents - stake, kiosk, b.id, sold.unit_index
    FROM guichet.blocks b WHERE b.emission = wanted AND b.number = sold.block_number;
    RETURN QUERY SELECT sold.block_number, sold.unit_index, sold.tier, player.balance_cents - stake;
END
$$;
REVOKE ALL ON FUNCTION guichet.buy(text, text, text) FROM PUBLIC;
