# a small patch decoder assembled from TimesFM's torch building blocks
import torch.nn as nn
from timesfm import configs
from timesfm.torch import dense, transformer

PATCH = 16
HORIZON = 64
D = 96

block_cfg = configs.TransformerConfig(
    model_dims=D,
    hidden_dims=4 * D,
    num_heads=4,
    attention_norm="rms",
    feedforward_norm="rms",
    qk_norm="rms",
    use_bias=False,
    use_rotary_position_embeddings=True,
    ff_activation="swish",
    fuse_qkv=True,
)


class PatchDecoder(nn.Module):
    def __init__(self, num_layers=3):
        super().__init__()
        # patch values and their mask are concatenated
        self.tokenizer = dense.ResidualBlock(
            configs.ResidualBlockConfig(
                input_dims=2 * PATCH,
                hidden_dims=D,
                output_dims=D,
                use_bias=True,
                activation="swish",
            )
        )
        self.layers = nn.ModuleList(transformer.Transformer(block_cfg) for _ in range(num_layers))
        self.head = dense.ResidualBlock(
            configs.ResidualBlockConfig(
                input_dims=D, hidden_dims=D, output_dims=HORIZON, use_bias=True, activation="swish"
            )
        )


model = PatchDecoder(num_layers=3)
