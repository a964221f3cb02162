"""litgpt: from_name_llama_override (wild-code corpus, benchmarks/wild)."""

from litgpt.config import Config
from litgpt.model import GPT

model = GPT(Config.from_name("Llama-3.2-1B", n_layer=2, n_embd=128, n_head=4, n_query_groups=2, intermediate_size=256, padded_vocab_size=512))
