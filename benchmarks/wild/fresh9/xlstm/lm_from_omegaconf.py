# the repo's README pattern: yaml -> OmegaConf -> dacite -> dataclass config
from dacite import Config as DaciteConfig
from dacite import from_dict
from omegaconf import OmegaConf
from xlstm import xLSTMLMModel, xLSTMLMModelConfig

yaml_cfg = """
mlstm_block:
  mlstm:
    conv1d_kernel_size: 4
    qkv_proj_blocksize: 4
    num_heads: 4
context_length: 128
num_blocks: 3
embedding_dim: 96
vocab_size: 1024
tie_weights: true
"""
cfg = OmegaConf.create(yaml_cfg)
cfg = from_dict(
    data_class=xLSTMLMModelConfig,
    data=OmegaConf.to_container(cfg),
    config=DaciteConfig(strict=True),
)
model = xLSTMLMModel(cfg)
