# BERT pre-training heads (MLM + NSP); the MLM decoder reuses the word-embedding matrix
from pytorch_pretrained_bert.modeling import BertConfig, BertForPreTraining

cfg = BertConfig(
    vocab_size_or_config_json_file=16000,
    hidden_size=384,
    num_hidden_layers=6,
    num_attention_heads=6,
    intermediate_size=1536,
    type_vocab_size=2,
)
model = BertForPreTraining(cfg)
