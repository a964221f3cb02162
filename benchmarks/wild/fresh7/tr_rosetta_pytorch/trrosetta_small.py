from tr_rosetta_pytorch import trRosettaNetwork

model = trRosettaNetwork(filters=32, kernel=3, num_layers=13)
