import argparse

from tr_rosetta_pytorch import trRosettaNetwork

ap = argparse.ArgumentParser()
ap.add_argument("--filters", type=int, default=16)
ap.add_argument("--kernel", type=int, default=5)
ap.add_argument("--layers", type=int, default=61)
a = ap.parse_args([])
model = trRosettaNetwork(filters=a.filters, kernel=a.kernel, num_layers=a.layers)
