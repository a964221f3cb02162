"""A small causal DarkformerLM (darkformer-pytorch): data-aware random-feature attention, 2 layers."""

from darkformer_pytorch import DarkformerLM

model = DarkformerLM(vocab_size=256, dim=64, depth=2, heads=4, num_features=32, max_seq_len=128)
