"""litgpt: a named config (phi-2) shrunk with overrides (fresh batch, benchmarks/wild/fresh)."""

from litgpt.config import Config
from litgpt.model import GPT

config = Config.from_name("phi-2", n_layer=2, n_embd=128, n_head=4, intermediate_size=512, padded_vocab_size=512, vocab_size=500, block_size=128)
model = GPT(config)
