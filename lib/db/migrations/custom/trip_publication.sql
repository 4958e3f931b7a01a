-- Trips hidden before trips had a status read as unpublished; the rest (the seed's) are live.
UPDATE trips SET status = 'unpublished' WHERE NOT published;
