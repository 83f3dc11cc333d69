-- Schema version 6: sales in packs, so that kiosks do not queue on one row;
-- and a unit played out in one call.
--
-- Up to version 5, every purchase of an emission locked the emission's row
-- and wrote its block's row (`sold`): the sales of one emission went one
-- after the other, whatever the number of kiosks. Now, as paper instant
-- games are sold by packs (carnets), each block is cut at its opening into
-- packs of `pack_size` units in the block's order (pack p: units p × 100 to
-- p × 100 + 99). A kiosk sells the next unit of a pack it holds, and only
-- that kiosk writes that pack's row; when it holds none of the emission
-- with units left, the same purchase takes the first pack of the reserve
-- (the lowest block, then the lowest pack, not held by any kiosk) with
-- `FOR UPDATE SKIP LOCKED`: two kiosks taking packs at once never wait on
-- each other. The block's own row is written once a pack is sold out (one
-- write in a hundred sales), and the block closes with its last pack. The
-- operator may hand a kiosk's packs back to the reserve (`return_packs`):
-- another kiosk then goes on where it stopped.
--
-- Nothing a kiosk learns changes: a unit's tier is still secret until its
-- purchase commits, and the order within the block still the seed's secret
-- permutation, so which pack a kiosk gets tells it nothing. Every unit is
-- still sold once (the key of `sales`), each pack in its order, and a block
-- closes when its every unit is sold: its table is exact then.
--
-- `play_out` journals a unit's last steps and settles it in one call (the
-- prize is told by then: `units` told it, once the purchase committed); a
-- call made again after its answer was lost does nothing twice.

UPDATE guichet.schema_version SET version = 6;

-- The block's units in packs sold out (the block's row is written once a
-- pack, not once a sale); `public_blocks` adds the packs being sold.
ALTER TABLE guichet.blocks RENAME COLUMN sold TO sold_in_full_packs;

-- A block's packs: units `first_unit` to `first_unit + size - 1`, of which
-- the first `sold` are sold; held by kiosk `kiosk` (NULL: in the reserve),
-- first taken by a kiosk at `taken_at`.
CREATE TABLE guichet.packs (
    block_id bigint NOT NULL REFERENCES guichet.blocks,
    number integer NOT NULL CHECK (number >= 0),
    emission text NOT NULL REFERENCES guichet.emissions,
    block_number integer NOT NULL,
    first_unit integer NOT NULL CHECK (first_unit >= 0),
    size integer NOT NULL CHECK (size > 0),
    sold integer NOT NULL DEFAULT 0 CHECK (sold BETWEEN 0 AND size),
    kiosk text REFERENCES guichet.kiosks (name),
    taken_at timestamptz,
    PRIMARY KEY (block_id, number),
    CHECK (kiosk IS NULL OR taken_at IS NOT NULL)
);
CREATE INDEX packs_in_reserve ON guichet.packs (emission, block_number, number)
    WHERE kiosk IS NULL AND sold < size;
CREATE INDEX packs_held ON guichet.packs (kiosk, emission, block_number, number)
    WHERE kiosk IS NOT NULL AND sold < size;
CREATE INDEX packs_being_sold ON guichet.packs (block_id) WHERE sold < size;

-- Units in a pack (the last pack of a block may hold fewer).
CREATE FUNCTION guichet.pack_size()
RETURNS integer
LANGUAGE sql IMMUTABLE
SET search_path = pg_catalog, pg_temp
AS $$ SELECT 100 $$;

-- Cuts block `opened` into packs, those of its first `units_sold` units sold.
CREATE FUNCTION guichet.cut_into_packs(opened bigint, units_sold integer)
RETURNS void
LANGUAGE sql
SET search_path = pg_catalog, pg_temp
AS $$
    INSERT INTO guichet.packs (block_id, number, emission, block_number, first_unit, size, sold)
    SELECT b.id, p, b.emission, b.number, p * guichet.pack_size(),
           least(guichet.pack_size(), b.size - p * guichet.pack_size()),
           greatest(0, least(guichet.pack_size(), b.size - p * guichet.pack_size(),
                             cut_into_packs.units_sold - p * guichet.pack_size()))
    FROM guichet.blocks b,
         generate_series(0, (b.size - 1) / guichet.pack_size()) AS p
    WHERE b.id = cut_into_packs.opened
$$;

-- The blocks opened before: their packs, those already sold counted.
DO $$
DECLARE
    opened record;
BEGIN
    FOR opened IN SELECT b.id, b.sold_in_full_packs AS sold FROM guichet.blocks b LOOP
        PERFORM guichet.cut_into_packs(opened.id, opened.sold);
        UPDATE guichet.blocks b
        SET sold_in_full_packs = (SELECT coalesce(sum(p.size), 0) FROM guichet.packs p
                                  WHERE p.block_id = opened.id AND p.sold = p.size)
        WHERE b.id = opened.id;
    END LOOP;
END
$$;

-- A sale's foreign key named its block, and so did a stake's: every purchase
-- share-locked that one row (a MultiXact each, with all the others at once),
-- the next queue after the emission's. A sale now names its pack, whose row
-- its purchase holds already, and a ledger entry the sale it paid or
-- credited (the entries before are `verify`'s to check).
ALTER TABLE guichet.sales
    ADD COLUMN pack integer NOT NULL
        GENERATED ALWAYS AS (unit_index / guichet.pack_size()) STORED,
    DROP CONSTRAINT sales_block_id_fkey;
ALTER TABLE guichet.sales
    ADD CONSTRAINT sales_in_their_pack FOREIGN KEY (block_id, pack)
        REFERENCES guichet.packs (block_id, number);
ALTER TABLE guichet.ledger
    DROP CONSTRAINT ledger_block_id_fkey,
    ADD CONSTRAINT ledger_of_a_sale FOREIGN KEY (block_id, unit_index)
        REFERENCES guichet.sales (block_id, unit_index) NOT VALID;

-- Every block is cut into packs as it opens, in the transaction that opens it.
CREATE FUNCTION guichet.block_opened() RETURNS trigger
LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
    PERFORM guichet.cut_into_packs(NEW.id, 0);
    RETURN NULL;
END
$$;
CREATE TRIGGER blocks_are_cut_into_packs AFTER INSERT ON guichet.blocks
FOR EACH ROW EXECUTE FUNCTION guichet.block_opened();

-- What anybody may know of the blocks: the units sold now, counting the
-- packs being sold; a seed only once its block is closed.
CREATE OR REPLACE VIEW guichet.public_blocks AS
SELECT b.emission, b.number, b.size, b.commitment,
       b.sold_in_full_packs
           + coalesce((SELECT sum(p.sold) FROM guichet.packs p
                       WHERE p.block_id = b.id AND p.sold < p.size), 0)::integer AS sold,
       b.opened_at, b.closed_at,
       CASE WHEN b.closed_at IS NOT NULL THEN s.seed END AS seed
FROM guichet.blocks b
JOIN guichet.block_seeds s ON s.block_id = b.id;

-- The pack of emission `wanted` kiosk `kiosk` sells from now, locked: the
-- first it holds with units left, else the first of the reserve, taken then
-- (a pack another purchase is taking is skipped, not waited for). Refused
-- (GU002) when the reserve is empty: the operator opens the next block.
CREATE FUNCTION guichet.pack_to_sell(kiosk text, wanted text)
RETURNS guichet.packs
LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    pack guichet.packs%ROWTYPE;
BEGIN
    SELECT * INTO pack FROM guichet.packs p
    WHERE p.kiosk = pack_to_sell.kiosk AND p.emission = wanted AND p.sold < p.size
    ORDER BY p.block_number, p.number LIMIT 1
    FOR UPDATE;
    IF FOUND THEN
        RETURN pack;
    END IF;
    UPDATE guichet.packs p
    SET kiosk = pack_to_sell.kiosk, taken_at = coalesce(p.taken_at, now())
    FROM (SELECT r.block_id, r.number FROM guichet.packs r
          WHERE r.emission = wanted AND r.kiosk IS NULL AND r.sold < r.size
          ORDER BY r.block_number, r.number LIMIT 1
          FOR UPDATE SKIP LOCKED) AS first
    WHERE p.block_id = first.block_id AND p.number = first.number
    RETURNING p.* INTO pack;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no open block of emission %: the operator opens the next one', wanted
            USING ERRCODE = 'GU002';
    END IF;
    RETURN pack;
END
$$;

DROP FUNCTION guichet.buy(text, text, text, text, integer);

-- Sells the next unit of emission `wanted` at kiosk `kiosk` to the player of
-- session `token`, paid from their account in the same transaction, to be
-- played with scenario generator `generator`: refused, and nothing sold, when
-- the balance is below the stake, the player's protection refuses it, or the
-- player has a unit not settled at this kiosk (GU006, its sale in the
-- detail: a purchase sent again after its answer was lost finds its unit
-- so, and charges nothing twice). Returns the sale, the unit's place, the
-- balance after and when it was sold — nothing that depends on its prize
-- (`units` tells it once this transaction has committed). The player's row
-- is locked first, then the kiosk's, then its pack's.
CREATE FUNCTION guichet.buy(kiosk text, secret text, token text, wanted text, generator integer)
RETURNS TABLE (sale_id bigint, block_number integer, unit_index integer, balance_cents bigint,
               sold_at text)
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    chunk_size CONSTANT integer := 4096;
    payer bigint := guichet.session_player(kiosk, secret, token);
    player guichet.players%ROWTYPE;
    stake bigint;
    unfinished bigint;
    pack guichet.packs%ROWTYPE;
    unit integer;
    found_tier integer;
    sale bigint;
BEGIN
    SELECT * INTO player FROM guichet.players p WHERE p.id = payer FOR UPDATE;
    -- One unit at a time on a kiosk: two purchases of one kiosk wait in turn.
    PERFORM pg_advisory_xact_lock(hashtext('guichet.kiosk:' || kiosk));
    SELECT s.id INTO unfinished FROM guichet.sales s
    WHERE s.kiosk = buy.kiosk AND s.player_id = payer AND s.settled_at IS NULL
      AND s.generator IS NOT NULL
    ORDER BY s.id LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'unit % at kiosk % is not settled', unfinished, kiosk
            USING ERRCODE = 'GU006', DETAIL = unfinished::text;
    END IF;
    SELECT e.stake_cents INTO stake FROM guichet.emissions e WHERE e.code = wanted;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no block of emission % was ever opened', wanted
            USING ERRCODE = 'GU001';
    END IF;
    PERFORM guichet.check_protection(payer, 'stake', stake);
    IF player.balance_cents < stake THEN
        RAISE EXCEPTION 'balance too low: % cents, the stake is % cents', player.balance_cents, stake
            USING ERRCODE = 'GU005', DETAIL = player.balance_cents::text;
    END IF;
    pack := guichet.pack_to_sell(kiosk, wanted);
    unit := pack.first_unit + pack.sold;
    SELECT get_byte(t.tiers, unit % chunk_size) INTO found_tier
    FROM guichet.block_tiers t
    WHERE t.block_id = pack.block_id AND t.chunk = unit / chunk_size;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'block % of emission % has no tier for unit %', pack.block_number, wanted,
            unit USING ERRCODE = 'GU003';
    END IF;
    INSERT INTO guichet.sales (block_id, unit_index, kiosk, tier, player_id, generator, bought_in)
    VALUES (pack.block_id, unit, kiosk, NULLIF(found_tier, 255), payer, generator,
            pg_current_xact_id())
    RETURNING id INTO sale;
    UPDATE guichet.packs p SET sold = p.sold + 1
    WHERE p.block_id = pack.block_id AND p.number = pack.number;
    IF pack.sold + 1 = pack.size THEN
        UPDATE guichet.blocks b
        SET sold_in_full_packs = b.sold_in_full_packs + pack.size,
            closed_at = CASE WHEN b.sold_in_full_packs + pack.size = b.size THEN now() END
        WHERE b.id = pack.block_id;
    END IF;
    UPDATE guichet.players p SET balance_cents = p.balance_cents - stake WHERE p.id = payer;
    INSERT INTO guichet.ledger
        (player_id, kind, amount_cents, balance_after_cents, kiosk, block_id, unit_index)
    VALUES (payer, 'stake', -stake, player.balance_cents - stake, kiosk, pack.block_id, unit);
    RETURN QUERY SELECT sale, pack.block_number, unit, player.balance_cents - stake,
                        guichet.utc(now());
END
$$;

-- Journals the steps of unit `sale` from step number `first_seq` on
-- (`steps`), then settles it, in one transaction and one check of the
-- session: as `reveal` then `settle` would. A call sent again after its
-- answer was lost journals nothing twice (the same steps already journaled
-- are taken as journaled) and credits nothing twice (`credited` is false
-- then).
CREATE FUNCTION guichet.play_out(kiosk text, secret text, token text, sale bigint,
                                 first_seq integer, steps text[])
RETURNS TABLE (credited boolean, prize_cents bigint, balance_cents bigint, settled_at text)
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    payer bigint := guichet.session_player(kiosk, secret, token);
    player guichet.players%ROWTYPE;
    unit guichet.sales%ROWTYPE;
    journaled text[];
    prize bigint;
BEGIN
    -- The player's row first, as `buy` locks it, then the unit's.
    SELECT * INTO player FROM guichet.players p WHERE p.id = payer FOR UPDATE;
    unit := guichet.played_unit(kiosk, payer, sale);
    SELECT coalesce(max(p.prize_cents), 0) INTO prize
    FROM guichet.blocks b JOIN guichet.prizes p ON p.emission = b.emission
    WHERE b.id = unit.block_id AND p.tier = unit.tier;
    SELECT coalesce(array_agg(r.step ORDER BY r.seq), '{}') INTO journaled
    FROM guichet.reveal_steps r WHERE r.sale_id = sale AND r.seq >= first_seq;
    IF journaled = coalesce(steps, '{}') THEN
        IF unit.settled_at IS NOT NULL THEN
            RETURN QUERY SELECT false, prize, player.balance_cents, guichet.utc(unit.settled_at);
            RETURN;
        END IF;
    ELSIF unit.settled_at IS NOT NULL THEN
        RAISE EXCEPTION 'unit % is already settled', sale USING ERRCODE = 'GU008';
    ELSIF (SELECT count(*) FROM guichet.reveal_steps r WHERE r.sale_id = sale) <> first_seq THEN
        RAISE EXCEPTION 'unit % has not % steps journaled', sale, first_seq
            USING ERRCODE = 'GU009';
    ELSE
        INSERT INTO guichet.reveal_steps (sale_id, seq, step)
        SELECT sale, first_seq + (t.position - 1)::integer, t.step
        FROM unnest(steps) WITH ORDINALITY AS t(step, position);
    END IF;
    UPDATE guichet.sales s SET settled_at = now() WHERE s.id = sale;
    IF prize > 0 THEN
        UPDATE guichet.players p SET balance_cents = p.balance_cents + prize WHERE p.id = payer;
        INSERT INTO guichet.ledger
            (player_id, kind, amount_cents, balance_after_cents, kiosk, block_id, unit_index)
        VALUES (payer, 'prize', prize, player.balance_cents + prize, kiosk, unit.block_id,
                unit.unit_index);
    END IF;
    RETURN QUERY SELECT true, prize, player.balance_cents + prize, guichet.utc(now());
END
$$;

-- Hands every pack kiosk `kiosk` holds with units left back to the reserve
-- (the operator's act: a kiosk taken away, say): another kiosk goes on
-- where it stopped. Returns the packs handed back.
CREATE FUNCTION guichet.return_packs(kiosk text)
RETURNS integer
LANGUAGE sql
SET search_path = pg_catalog, pg_temp
AS $$
    WITH returned AS (
        UPDATE guichet.packs p SET kiosk = NULL
        WHERE p.kiosk = return_packs.kiosk AND p.sold < p.size
        RETURNING 1
    )
    SELECT count(*)::integer FROM returned
$$;

REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA guichet FROM PUBLIC;
