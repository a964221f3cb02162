"""litgpt: from_name_smollm2_135m (wild-code corpus, benchmarks/wild)."""

from litgpt.config import Config
from litgpt.model import GPT

model = GPT(Config.from_name("SmolLM2-135M", n_layer=2))
