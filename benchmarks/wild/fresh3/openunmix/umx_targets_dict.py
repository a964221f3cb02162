import torch.nn as nn
from openunmix import model as umx

targets = ["vocals", "drums", "bass", "other"]
model = nn.ModuleDict(
    {t: umx.OpenUnmix(nb_bins=513, nb_channels=2, hidden_size=64, max_bin=400) for t in targets}
)
