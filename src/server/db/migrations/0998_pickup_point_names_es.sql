-- The two Ciudad del Este pickup points were named in Portuguese ("Fronteira Ponto ..."), while
-- every other Paraguayan point is a "Punto" and pickup points are offered on the Spanish
-- storefront only. Only the rows still carrying the names 0203 gave them are renamed: a name the
-- store changed in the panel stays as it is.
UPDATE pickup_points SET name = replace(name, 'Fronteira Ponto ', 'Fronteira Punto ')
 WHERE name IN ('Fronteira Ponto Centro', 'Fronteira Ponto Km 7');
