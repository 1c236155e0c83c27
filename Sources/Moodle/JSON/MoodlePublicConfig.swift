/// What `tool_mobile_get_public_config` tells anyone, before a login
/// (admin/tool/mobile/classes/external.php `get_public_config_returns()`); only the fields read here.
struct MoodlePublicConfig: Decodable, Sendable {
    /// One way to sign in that the site offers besides its own form (OAuth 2, SAML, …).
    struct IdentityProvider: Decodable, Sendable {
        var name: String
    }

    var wwwroot: String
    var sitename: String
    /// 1: the app asks for username and password; 2 and 3: single sign-on in a browser.
    var typeoflogin: MoodleInt
    var launchurl: String?
    var enablewebservices: MoodleFlag
    var enablemobilewebservice: MoodleFlag
    var maintenanceenabled: MoodleFlag
    /// HTML.
    var maintenancemessage: String?
    var identityproviders: [IdentityProvider]?
}

/// One answer of `lib/ajax/service-nologin.php`: `{"error": false, "data": …}` or
/// `{"error": true, "exception": {"message", "errorcode", …}}`.
struct MoodleAjaxAnswer<Value: Decodable & Sendable>: Decodable, Sendable {
    struct Failure: Decodable, Sendable {
        var message: String?
        var errorcode: String?
    }

    var error: Bool
    var data: Value?
    var exception: Failure?
}
