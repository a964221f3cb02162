"""Language identification with character n-grams (torchhd's language example, FHRR vectors)."""

import torch.nn as nn
from torchhd import embeddings, models

ALPHABET = "abcdefghijklmnopqrstuvwxyz "


class NGramLID(nn.Module):
    def __init__(self, num_langs, dim=400, vsa="FHRR"):
        super().__init__()
        self.symbol = embeddings.Random(len(ALPHABET) + 1, dim, vsa=vsa, padding_idx=0)
        self.classify = models.Centroid(dim, num_langs)


model = NGramLID(num_langs=21, dim=300, vsa="MAP")
