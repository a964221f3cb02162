from openunmix.model import OpenUnmix

model = OpenUnmix(nb_bins=1025, nb_channels=1, hidden_size=128, nb_layers=2, unidirectional=True)
