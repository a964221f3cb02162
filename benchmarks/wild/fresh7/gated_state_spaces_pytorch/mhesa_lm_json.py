import json

from gated_state_spaces_pytorch import GatedExponentialSmoothingLM

raw = '{"num_tokens": 1000, "dim": 160, "depth": 3, "heads": 4, "dim_mhesa": 80, "dim_expansion_factor": 4}'
model = GatedExponentialSmoothingLM(**json.loads(raw))
