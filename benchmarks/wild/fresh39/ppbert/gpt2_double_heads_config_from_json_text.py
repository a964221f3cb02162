# GPT-2 double-heads model from pytorch_pretrained_bert, its config read from a JSON file written here
import json
import os
import tempfile

from pytorch_pretrained_bert.modeling_gpt2 import GPT2Config, GPT2DoubleHeadsModel

CONFIG_TEXT = """
{"vocab_size": 12000, "n_positions": 512, "n_ctx": 512, "n_embd": 320,
 "n_layer": 5, "n_head": 8, "layer_norm_epsilon": 1e-5, "initializer_range": 0.02}
"""
path = os.path.join(tempfile.mkdtemp(), "gpt2_config.json")
with open(path, "w") as fh:
    fh.write(json.dumps(json.loads(CONFIG_TEXT)))
model = GPT2DoubleHeadsModel(GPT2Config(vocab_size_or_config_json_file=path))
