from timesfm3 import (
    ResidualBlockConfig,
    StackedTransformersConfig,
    TimesFM3Torch,
    TransformerConfig,
)

d_model = 64

model = TimesFM3Torch(
    input_patch_len=16,
    output_patch_len=32,
    quantiles=[0.1, 0.5, 0.9],
    residual_block_config=ResidualBlockConfig(
        hidden_dims=2 * d_model, output_dims=d_model, use_bias=False, activation="swish"
    ),
    transformer_config=StackedTransformersConfig(
        num_layers=2,
        transformer=TransformerConfig(
            model_dims=d_model,
            hidden_dims=2 * d_model,
            num_heads=4,
            attention_norm="rms",
            feedforward_norm="rms",
            qk_norm="rms",
            use_rope_seq=True,
            use_rope_var=False,
            use_bias=False,
            ff_activation="relu",
            deterministic=True,
        ),
    ),
)
