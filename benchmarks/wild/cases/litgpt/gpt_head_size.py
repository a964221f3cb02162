"""litgpt: gpt_head_size (wild-code corpus, benchmarks/wild)."""

from litgpt.config import Config
from litgpt.model import GPT

config = Config(n_layer=2, n_head=4, head_size=8, n_embd=64, block_size=64, vocab_size=100, padded_vocab_size=128)
model = GPT(config)
