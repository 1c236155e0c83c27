/// What `core_webservice_get_site_info` says of the site and the token's user
/// (webservice/externallib.php `get_site_info_returns()`); only the fields read here.
struct MoodleSiteInfo: Decodable, Sendable {
    struct Function: Decodable, Sendable {
        var name: String
    }

    var sitename: String
    var username: String
    var fullname: String
    var userid: MoodleInt
    var siteurl: String
    /// `4.5.5+ (Build: 20250613)`; sent only to calls with a token.
    var release: String?
    /// Every function the token's service offers.
    var functions: [Function]?
}
