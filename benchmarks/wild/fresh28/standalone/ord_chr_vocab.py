"""A character-level vocabulary sized with `ord` / `chr` ranges plus special tokens; the embedding width is `ord('@')`."""

import torch.nn as nn

letters = [chr(c) for c in range(ord("a"), ord("z") + 1)]
digits = [chr(c) for c in range(ord("0"), ord("9") + 1)]
specials = ["<pad>", "<bos>", "<eos>"]
vocab = specials + letters + digits
dim = ord("@")  # 64

model = nn.Sequential(
    nn.Embedding(len(vocab), dim, padding_idx=0), nn.GRU(dim, dim // 2, batch_first=True)
)
