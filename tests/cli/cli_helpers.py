"""Shared helpers of the CLI tests: run `vsai` in-process with click's CliRunner."""
from click.testing import CliRunner

from vsai.cli.main import cli


def run(args, input=None):
    """The result of `vsai ARGS` with `input` on stdin; fails the test on a traceback."""
    result = CliRunner().invoke(cli, args, input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def usage_error(args, message, input=None):
    """Checks that `vsai ARGS` is a usage error (exit 2) naming `message`."""
    result = run(args, input)
    assert result.exit_code == 2, result.output
    assert message in result.output, result.output
    return result


def answers(*lines, ones=0):
    """Stdin text: the given lines, then `ones` answers of "1"."""
    return "".join(f"{line}\n" for line in lines) + "1\n" * ones


def flat(output):
    """`output` with every run of spaces and line breaks as one space: messages wrap at 80
    columns (a long file name moves to the next line), so check them in this form."""
    return " ".join(output.split())
