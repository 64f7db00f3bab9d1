"""The built-in generic-English baseline for the merge coverage check.

These are the words whose capitalization at the start of a sentence (or line, or list item, or
after a colon) is grammatical rather than evidence of a proper noun. The coverage check consults
this list *only* in that position: mid-sentence a capitalized word carries signal, and applying
the list there is what would strip a character named May of protection (docs/passes.md,
"The merge coverage check"). Position-scoping is also what makes the list safe to extend.

What is deliberately **not** here:

* Words that name real things in agent corpora even though they read as English -- Personal,
  Class, Benefit, Extended, Online (OneDrive Personal, Blazor Online Class, MVP Azure Extended
  Benefit). The first four are too dangerous to add.
* Words that double as common first names or products: hope, grace, rose, mark, bill, frank,
  chase, grant, drew, dawn, summer, sky, ruby, teams, word, excel, outlook, office, edge, chrome,
  slack, zoom, signal, notes, mail, calendar, things, bear, target, go, swift, rust, drive,
  reading. A merge that drops one of these at a sentence start is rejected, which is the safe
  failure. ``may`` and ``will`` are the named exceptions: they open too many ordinary
  sentences, and ``alwaysSpecificWords`` reclaims them for an agent whose characters bear them.
* Weekday names. "Moved the standup to Tuesday" loses a fact if Tuesday is dropped, so weekdays
  are specifics in every position.
* Month names. Outside a date they are specifics like any other capitalized word (a person or
  release named August); inside a date ("August 19, 2026") they are always specific and the date
  rule decides what else credits them. Only ``may`` is listed, as the modal verb.

Entries are lowercase; apostrophes are ASCII. Possessive ``'s`` is stripped before lookup, so
"It's" and "Let's" are found as ``it`` and ``let``.
"""

from __future__ import annotations

_FUNCTION_WORDS = """
a an the this that these those there here it its they them their theirs themselves we us our
ours ourselves you your yours yourself he him his himself she her hers herself i me my mine
myself who whom whose which what whatever whichever whoever someone somebody something anyone
anybody anything everyone everybody everything nobody nothing none one ones each every either
neither both all any many much more most few fewer less least several some such other others
another same own no not nor yes please thanks thank ok okay let
about above across after against along although among amongst and around as at because before
behind below beneath beside besides between beyond but by despite down during except for from
if in inside instead into like near of off on once onto or out outside over past per plus
regarding since so than though through throughout till to toward towards under underneath unless
unlike until up upon versus via when whenever where whereas wherever whether while with within
without yet
be is are was were been being am have has had having do does did doing done can could may might
must shall should will would ought cannot
don't doesn't didn't can't won't wouldn't shouldn't couldn't isn't aren't wasn't weren't hasn't
haven't hadn't mustn't we're we've we'll we'd they're they've they'll they'd you're you've you'll
you'd he'll he'd she'll she'd it'll that'll there'll
"""

_ADVERBS = """
also always never often usually sometimes rarely seldom occasionally frequently generally
typically normally currently recently previously formerly originally initially eventually
ultimately finally lastly firstly secondly thirdly now today tonight tomorrow yesterday later
soon earlier already again still just only even ever maybe perhaps probably possibly likely
unlikely definitely certainly actually really basically essentially overall additionally
furthermore moreover however therefore thus hence otherwise meanwhile afterwards afterward then
nevertheless nonetheless accordingly consequently similarly likewise alternatively specifically
particularly especially mainly mostly primarily largely partly fully entirely completely almost
nearly roughly approximately exactly precisely directly indirectly immediately quickly slowly
carefully clearly obviously apparently reportedly supposedly hopefully unfortunately fortunately
luckily ideally importantly notably interestingly surprisingly honestly frankly regularly daily
weekly monthly annually yearly hourly periodically consistently repeatedly constantly
automatically manually explicitly implicitly temporarily permanently newly once twice together
anyway elsewhere everywhere somewhere nowhere else too very quite rather fairly pretty
"""

_QUANTITIES_AND_ORDER = """
first second third fourth fifth last next final previous prior following preceding latter former
two three four five six seven eight nine ten eleven twelve twenty hundred thousand million half
quarter multiple various numerous single double triple
"""

_ADJECTIVES = """
new old good bad best better worse worst great big small large little long short high low early
late recent current main primary secondary key core basic general specific common rare usual
unusual normal regular typical special important critical essential major minor full partial
complete incomplete whole entire total active inactive open closed pending available unavailable
required optional preferred favorite favourite known unknown possible impossible correct
incorrect wrong right true false real actual valid invalid direct indirect alternative free paid
public private internal external local remote global shared manual automatic automated default
custom simple complex easy hard difficult quick fast slow safe unsafe secure insecure stable
unstable temporary permanent annual different similar separate related relevant useful helpful
necessary sufficient enough exact clear unclear sure certain ready busy additional extra further
average strict loose standard generic successful broken existing duplicate redundant noisy stale
outdated obsolete deprecated upcoming ongoing future recurring repeated consistent inconsistent
frequent infrequent likely ordinary candidate durable transient ephemeral
"""

_MEMORY_NOUNS = """
user users agent agents assistant human person people family friend friends partner wife husband
son daughter mother father mom dad brother sister parents kids children child boss manager
colleague colleagues client clients customer customers owner member members staff employee
employees team
task tasks todo todos item items note entry entries memory memories fact facts detail details
preference preferences setting settings option options config configuration account accounts
contact contacts id ids api apis url urls email emails message meeting meetings call calls event
events appointment appointments schedule reminder deadline deadlines work job jobs role company
organization business home house trip trips travel flight flights hotel hotels booking bookings
reservation reservations ticket tickets order orders payment payments invoice invoices budget
cost costs price prices fee fees tax taxes money expenses expense income salary
file files folder folders document documents doc docs report reports data database table tables
record records log logs error errors issue issues bug bugs problem problems fix fixes change
changes update updates version versions release releases build builds deployment deployments
server servers service services tool tools skill skills session sessions conversation
conversations context prompt prompts response responses reply replies request requests query
queries result results output input feedback correction corrections summary summaries pattern
patterns rule rules policy policies guideline guidelines instruction instructions step steps
process workflow workflows system systems model models routing tier tiers telemetry metric metrics
cycle cycles consolidation merge merges cluster clusters candidates
rent mortgage lease insurance groceries breakfast lunch dinner food coffee car house apartment
school doctor dentist appointment pickup dropoff commute vacation holiday birthday anniversary
time times date dates day days week weeks month months year years morning afternoon evening night
weekend weekends hour hours minute minutes
way ways kind type types part parts example examples case cases reason reasons question questions
answer answers idea ideas plan plans goal goals priority priorities topic topics subject area
areas list lists
"""

# Regular verbs with their inflections, so "Prefers", "Flagged", "Downloading" and "Validated" at a
# sentence start are not mistaken for names (all four were observed rejecting sound merges).
_VERBS = """
accept accepts accepted accepting add adds added adding adjust adjusts adjusted adjusting
agree agrees agreed agreeing allow allows allowed allowing analyze analyzes analyzed
analyzing apply applies applied applying approve approves approved approving archive
archives archived archiving arrive arrives arrived arriving ask asks asked asking assign
assigns assigned assigning attach attaches attached attaching attend attends attended
attending avoid avoids avoided avoiding book books booked booking call calls called calling
cancel cancels canceled cancelled canceling cancelling change changes changed changing check
checks checked checking clean cleans cleaned cleaning clear clears cleared clearing close
closes closed closing collect collects collected collecting combine combines combined
combining commit commits committed committing compare compares compared comparing complete
completes completed completing configure configures configured configuring confirm confirms
confirmed confirming connect connects connected connecting consider considers considered
considering consolidate consolidates consolidated consolidating contain contains contained
containing continue continues continued continuing convert converts converted converting
copy copies copied copying create creates created creating decide decides decided deciding
decline declines declined declining define defines defined defining delete deletes deleted
deleting deliver delivers delivered delivering deploy deploys deployed deploying describe
describes described describing detect detects detected detecting disable disables disabled
disabling discuss discusses discussed discussing display displays displayed displaying
download downloads downloaded downloading edit edits edited editing email emails emailed
emailing enable enables enabled enabling end ends ended ending enjoy enjoys enjoyed enjoying
ensure ensures ensured ensuring enter enters entered entering escalate escalates escalated
escalating estimate estimates estimated estimating expect expects expected expecting expire
expires expired expiring explain explains explained explaining export exports exported
exporting fail fails failed failing fetch fetches fetched fetching fill fills filled filling
filter filters filtered filtering finish finishes finished finishing fix fixes fixed fixing
flag flags flagged flagging follow follows followed following forward forwards forwarded
forwarding handle handles handled handling happen happens happened happening hate hates
hated hating help helps helped helping ignore ignores ignored ignoring implement implements
implemented implementing import imports imported importing include includes included
including install installs installed installing introduce introduces introduced introducing
invite invites invited inviting join joins joined joining launch launches launched launching
learn learns learned learning like likes liked liking limit limits limited limiting link
links linked linking list lists listed listing listen listens listened listening live lives
lived living load loads loaded loading log logs logged logging look looks looked looking
love loves loved loving maintain maintains maintained maintaining manage manages managed
managing match matches matched matching mention mentions mentioned mentioning merge merges
merged merging miss misses missed missing move moves moved moving need needs needed needing
notify notifies notified notifying open opens opened opening order orders ordered ordering
organize organizes organized organizing own owns owned owning pay pays paid paying plan
plans planned planning post posts posted posting prefer prefers preferred preferring prepare
prepares prepared preparing present presents presented presenting prevent prevents prevented
preventing print prints printed printing process processes processed processing propose
proposes proposed proposing provide provides provided providing publish publishes published
publishing pull pulls pulled pulling push pushes pushed pushing receive receives received
receiving recommend recommends recommended recommending record records recorded recording
reduce reduces reduced reducing refer refers referred referring refresh refreshes refreshed
refreshing reject rejects rejected rejecting release releases released releasing remember
remembers remembered remembering remind reminds reminded reminding remove removes removed
removing rename renames renamed renaming renew renews renewed renewing reply replies replied
replying report reports reported reporting request requests requested requesting require
requires required requiring reschedule reschedules rescheduled rescheduling reset resets
resetting resolve resolves resolved resolving respond responds responded responding restart
restarts restarted restarting restore restores restored restoring return returns returned
returning review reviews reviewed reviewing save saves saved saving schedule schedules
scheduled scheduling search searches searched searching select selects selected selecting
share shares shared sharing ship ships shipped shipping show shows showed showing sign signs
signed signing skip skips skipped skipping sort sorts sorted sorting specify specifies
specified specifying split splits splitting start starts started starting stay stays stayed
staying stop stops stopped stopping store stores stored storing submit submits submitted
submitting suggest suggests suggested suggesting support supports supported supporting
switch switches switched switching sync syncs synced syncing talk talks talked talking test
tests tested testing track tracks tracked tracking transfer transfers transferred
transferring travel travels traveled travelled traveling travelling try tries tried trying
turn turns turned turning update updates updated updating upgrade upgrades upgraded
upgrading upload uploads uploaded uploading use uses used using validate validates validated
validating verify verifies verified verifying view views viewed viewing visit visits visited
visiting wait waits waited waiting want wants wanted wanting watch watches watched watching
work works worked working balance balances balanced balancing block blocks blocked blocking
borrow borrows borrowed borrowing cause causes caused causing claim claims claimed claiming
depend depends depended depending expand expands expanded expanding focus focuses
focused focusing gather gathers gathered gathering host hosts hosted hosting improve
improves improved improving marked marking noted noting pause pauses paused pausing perform
performs performed performing place places placed placing protect protects protected
protecting prove proves proved proving purchase purchases purchased purchasing rank ranks
ranked ranking rate rates rated rating reach reaches reached reaching register registers
registered registering replace replaces replaced replacing reuse reuses reused reusing route
routes routed scan scans scanned scanning seem seems seemed seeming sound sounds
sounded sounding state states stated stating summarize summarizes summarized summarizing tag
tags tagged tagging targets targeted targeting trigger triggers triggered triggering
trust trusts trusted trusting welcome welcomes welcomed welcoming set sets setting put puts
putting run runs ran running get gets got gotten getting keep keeps kept keeping send sends
sent sending make makes made making take takes took taken taking give gives gave given
giving find finds found finding know knows knew known knowing think thinks thought thinking
tell tells told telling say says said saying see sees saw seen seeing come comes came coming
leave leaves left leaving meet meets met buy buys bought buying bring brings brought
bringing build builds built building hold holds held holding read reads write writes wrote
written writing speak speaks spoke spoken speaking choose chooses chose chosen choosing
forget forgets forgot forgotten forgetting understand understands understood understanding
break breaks broke broken breaking begin begins began begun beginning pick picks picked
picking drop drops dropped dropping
"""

BASELINE_WORDS: frozenset[str] = frozenset(
    (
        _FUNCTION_WORDS + _ADVERBS + _QUANTITIES_AND_ORDER + _ADJECTIVES + _MEMORY_NOUNS + _VERBS
    ).split()
)
"""Generic English that is ordinary language when it opens a sentence, and only then."""

FUNCTION_WORDS: frozenset[str] = frozenset(_FUNCTION_WORDS.split())
"""Articles, pronouns, prepositions, conjunctions and auxiliaries."""

CLOSED_CLASS_WORDS: frozenset[str] = frozenset((_FUNCTION_WORDS + _ADVERBS).split())
"""The function words and the adverbs above: a capital on one of them is a title's typography
("429 Too Many Requests", "The Park"), never a name on its own (seventh round, the merge gate)."""
