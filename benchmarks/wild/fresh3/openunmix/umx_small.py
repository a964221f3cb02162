from openunmix.model import OpenUnmix

model = OpenUnmix(nb_bins=2049, nb_channels=2, hidden_size=256, nb_layers=3, max_bin=1487)
