import importlib

import yaml
from vocos import Vocos

CFG = """
feature_extractor:
  class_path: vocos.feature_extractors.MelSpectrogramFeatures
  init_args:
    sample_rate: 22050
    n_fft: 1024
    hop_length: 256
    n_mels: 80
backbone:
  class_path: vocos.models.VocosBackbone
  init_args:
    input_channels: 80
    dim: 256
    intermediate_dim: 768
    num_layers: 3
head:
  class_path: vocos.heads.ISTFTHead
  init_args:
    dim: 256
    n_fft: 1024
    hop_length: 256
"""

config = yaml.safe_load(CFG)


def instantiate(spec):
    module, _, name = spec["class_path"].rpartition(".")
    return getattr(importlib.import_module(module), name)(**spec["init_args"])


model = Vocos(
    feature_extractor=instantiate(config["feature_extractor"]),
    backbone=instantiate(config["backbone"]),
    head=instantiate(config["head"]),
)
