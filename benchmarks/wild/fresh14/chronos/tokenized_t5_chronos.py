"""Original Chronos: a mean-scale tokenizer's vocabulary sizes a seq2seq T5, wrapped in ChronosModel."""

from chronos.chronos import ChronosConfig, ChronosModel
from transformers import T5Config, T5ForConditionalGeneration

chronos_cfg = ChronosConfig(
    tokenizer_class="MeanScaleUniformBins",
    tokenizer_kwargs={"low_limit": -15.0, "high_limit": 15.0},
    context_length=512,
    prediction_length=64,
    n_tokens=1024,
    n_special_tokens=2,
    pad_token_id=0,
    eos_token_id=1,
    use_eos_token=True,
    model_type="seq2seq",
    num_samples=20,
    temperature=1.0,
    top_k=50,
    top_p=1.0,
)
t5 = T5ForConditionalGeneration(
    T5Config(
        vocab_size=chronos_cfg.n_tokens,
        d_model=64,
        d_kv=16,
        d_ff=128,
        num_layers=2,
        num_heads=4,
        pad_token_id=chronos_cfg.pad_token_id,
        eos_token_id=chronos_cfg.eos_token_id,
        decoder_start_token_id=0,
        tie_word_embeddings=False,
    )
)
model = ChronosModel(config=chronos_cfg, model=t5)
