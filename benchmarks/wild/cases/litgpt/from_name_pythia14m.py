"""litgpt: from_name_pythia14m (wild-code corpus, benchmarks/wild)."""

from litgpt.config import Config
from litgpt.model import GPT

model = GPT(Config.from_name("pythia-14m"))
